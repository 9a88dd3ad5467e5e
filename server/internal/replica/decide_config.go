package replica

import (
	"fmt"
	"net/url"
	"path"
	"strings"
	"time"
)

// Environment variables of the replica, in the style of FOLIO_BACKUP_S3_*:
//
//	FOLIO_REPLICA_URL        s3://bucket/path or file:///dir; empty: no replica
//	FOLIO_REPLICA_S3_*       REGION (default us-east-1), ENDPOINT (an http(s) URL,
//	                         for a service other than AWS), ACCESS_KEY, SECRET,
//	                         FORCE_PATH_STYLE ("true"/"false"; default true with an endpoint)
//	FOLIO_REPLICA_SYNC_INTERVAL a write is in the replica within this (default 1s)
//	FOLIO_REPLICA_RETENTION  how far back a point-in-time restore can go (default 168h)
//	FOLIO_REPLICA_FILES      "off": keep uploaded files on this disk even with an S3 replica
const (
	EnvURL            = "FOLIO_REPLICA_URL"
	EnvS3Region       = "FOLIO_REPLICA_S3_REGION"
	EnvS3Endpoint     = "FOLIO_REPLICA_S3_ENDPOINT"
	EnvS3Key          = "FOLIO_REPLICA_S3_ACCESS_KEY"
	EnvS3Secret       = "FOLIO_REPLICA_S3_SECRET"
	EnvS3PathStyle    = "FOLIO_REPLICA_S3_FORCE_PATH_STYLE"
	EnvSyncInterval   = "FOLIO_REPLICA_SYNC_INTERVAL"
	EnvRetention      = "FOLIO_REPLICA_RETENTION"
	EnvFiles          = "FOLIO_REPLICA_FILES"
	defaultRegion     = "us-east-1"
	defaultSync       = time.Second
	defaultRetention  = 7 * 24 * time.Hour
	minSyncInterval   = 100 * time.Millisecond
	maxSyncInterval   = time.Minute
	minRetention      = time.Hour
	schemeS3, schemeF = "s3", "file"
)

// Config is where the replica goes and how often it is written.
type Config struct {
	// Scheme is "s3" or "file".
	Scheme string
	// Bucket and Path locate an S3 replica (Path without leading slash).
	Bucket, Path string
	// Dir is a file replica's directory.
	Dir string
	// S3 connection.
	Region, Endpoint, AccessKey, Secret string
	ForcePathStyle                      bool
	// SyncInterval is how often the WAL is read and shipped.
	SyncInterval time.Duration
	// Retention is how long the replica keeps history.
	Retention time.Duration
	// Files: uploaded files go to the replica's bucket (S3 replicas only).
	Files bool
}

// Where is the replica's address as the operator wrote it, without keys.
func (c Config) Where() string {
	if c.Scheme == schemeF {
		return "file://" + c.Dir
	}
	where := "s3://" + c.Bucket
	if c.Path != "" {
		where += "/" + c.Path
	}
	if c.Endpoint != "" {
		where += " at " + c.Endpoint
	}
	return where
}

// LoadConfig reads FOLIO_REPLICA_*; nil without FOLIO_REPLICA_URL.
func LoadConfig(get func(string) string) (*Config, error) {
	raw := strings.TrimSpace(get(EnvURL))
	if raw == "" {
		return nil, nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Opaque != "" {
		return nil, fmt.Errorf("%s must be s3://bucket/path or file:///dir, got %q", EnvURL, raw)
	}
	c := Config{SyncInterval: defaultSync, Retention: defaultRetention}
	switch u.Scheme {
	case schemeS3:
		if u.Host == "" || u.User != nil || u.RawQuery != "" {
			return nil, fmt.Errorf("%s must be s3://bucket/path (keys go in %s and %s), got %q", EnvURL, EnvS3Key, EnvS3Secret, raw)
		}
		c.Scheme, c.Bucket, c.Path = schemeS3, u.Host, strings.Trim(path.Clean("/"+u.Path), "/")
		c.Region, c.Endpoint = get(EnvS3Region), get(EnvS3Endpoint)
		c.AccessKey, c.Secret = get(EnvS3Key), get(EnvS3Secret)
		if c.Region == "" {
			c.Region = defaultRegion
		}
		if c.Endpoint != "" {
			e, err := url.Parse(c.Endpoint)
			if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" {
				return nil, fmt.Errorf("%s must be an http(s) URL, got %q", EnvS3Endpoint, c.Endpoint)
			}
		}
		if (c.AccessKey == "") != (c.Secret == "") {
			return nil, fmt.Errorf("%s and %s go together", EnvS3Key, EnvS3Secret)
		}
		switch v := strings.ToLower(get(EnvS3PathStyle)); v {
		case "":
			c.ForcePathStyle = c.Endpoint != ""
		case "true", "false":
			c.ForcePathStyle = v == "true"
		default:
			return nil, fmt.Errorf("%s must be \"true\" or \"false\", got %q", EnvS3PathStyle, v)
		}
		switch v := strings.ToLower(get(EnvFiles)); v {
		case "", "on":
			c.Files = true
		case "off":
		default:
			return nil, fmt.Errorf("%s must be \"on\" or \"off\", got %q", EnvFiles, v)
		}
	case schemeF:
		if u.Host != "" || u.Path == "" || u.Path == "/" {
			return nil, fmt.Errorf("%s must be file:///absolute/dir, got %q", EnvURL, raw)
		}
		c.Scheme, c.Dir = schemeF, path.Clean(u.Path)
	default:
		return nil, fmt.Errorf("%s must be s3://bucket/path or file:///dir, got %q", EnvURL, raw)
	}
	if c.SyncInterval, err = duration(get, EnvSyncInterval, defaultSync, minSyncInterval, maxSyncInterval); err != nil {
		return nil, err
	}
	if c.Retention, err = duration(get, EnvRetention, defaultRetention, minRetention, 10*365*24*time.Hour); err != nil {
		return nil, err
	}
	return &c, nil
}

// duration reads a Go duration ("250ms", "168h") within [lo, hi].
func duration(get func(string) string, name string, def, lo, hi time.Duration) (time.Duration, error) {
	v := get(name)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < lo || d > hi {
		return 0, fmt.Errorf("%s must be a duration from %s to %s such as %q, got %q", name, lo, hi, def.String(), v)
	}
	return d, nil
}
