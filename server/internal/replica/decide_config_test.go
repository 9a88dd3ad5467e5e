package replica

import (
	"strings"
	"testing"
	"time"
)

func TestLoadConfig(t *testing.T) {
	s3 := func(extra ...string) map[string]string {
		m := map[string]string{EnvURL: "s3://books/folio/db", EnvS3Key: "k", EnvS3Secret: "s"}
		for i := 0; i+1 < len(extra); i += 2 {
			m[extra[i]] = extra[i+1]
		}
		return m
	}
	cases := []struct {
		name  string
		env   map[string]string
		want  *Config
		error string
	}{
		{name: "nothing set: no replica", env: map[string]string{}},
		{name: "a directory", env: map[string]string{EnvURL: "file:///mnt/replica/folio/"},
			want: &Config{Scheme: "file", Dir: "/mnt/replica/folio", SyncInterval: time.Second, Retention: 168 * time.Hour}},
		{name: "AWS: region default, virtual hosts, files follow", env: s3(),
			want: &Config{Scheme: "s3", Bucket: "books", Path: "folio/db", Region: "us-east-1", AccessKey: "k", Secret: "s",
				Files: true, SyncInterval: time.Second, Retention: 168 * time.Hour}},
		{name: "another service: path style by default", env: s3(EnvS3Endpoint, "http://127.0.0.1:7070", EnvS3Region, "eu-1",
			EnvSyncInterval, "200ms", EnvRetention, "720h", EnvFiles, "off"),
			want: &Config{Scheme: "s3", Bucket: "books", Path: "folio/db", Region: "eu-1", Endpoint: "http://127.0.0.1:7070",
				AccessKey: "k", Secret: "s", ForcePathStyle: true, SyncInterval: 200 * time.Millisecond, Retention: 720 * time.Hour}},
		{name: "path style off", env: s3(EnvS3Endpoint, "https://s3.example", EnvS3PathStyle, "false"),
			want: &Config{Scheme: "s3", Bucket: "books", Path: "folio/db", Region: "us-east-1", Endpoint: "https://s3.example",
				AccessKey: "k", Secret: "s", Files: true, SyncInterval: time.Second, Retention: 168 * time.Hour}},
		{name: "the bucket's root", env: map[string]string{EnvURL: "s3://books"},
			want: &Config{Scheme: "s3", Bucket: "books", Region: "us-east-1", Files: true, SyncInterval: time.Second, Retention: 168 * time.Hour}},
		{name: "keys in the URL", env: map[string]string{EnvURL: "s3://k:s@books/db"}, error: "keys go in"},
		{name: "a relative directory", env: map[string]string{EnvURL: "file://replica"}, error: "file:///absolute/dir"},
		{name: "another scheme", env: map[string]string{EnvURL: "gs://books/db"}, error: "must be s3://bucket/path or file:///dir"},
		{name: "no scheme", env: map[string]string{EnvURL: "/mnt/replica"}, error: "must be s3://bucket/path or file:///dir"},
		{name: "a key without its secret", env: map[string]string{EnvURL: "s3://b/p", EnvS3Key: "k"}, error: "go together"},
		{name: "an endpoint that is no URL", env: s3(EnvS3Endpoint, "127.0.0.1:7070"), error: "http(s) URL"},
		{name: "path style neither true nor false", env: s3(EnvS3PathStyle, "yes"), error: EnvS3PathStyle},
		{name: "files neither on nor off", env: s3(EnvFiles, "no"), error: EnvFiles},
		{name: "a sync interval too short", env: s3(EnvSyncInterval, "1ms"), error: EnvSyncInterval},
		{name: "a sync interval that is no duration", env: s3(EnvSyncInterval, "1"), error: EnvSyncInterval},
		{name: "a retention under an hour", env: s3(EnvRetention, "10m"), error: EnvRetention},
	}
	for _, c := range cases {
		got, err := LoadConfig(func(k string) string { return c.env[k] })
		switch {
		case c.error != "":
			if err == nil || !strings.Contains(err.Error(), c.error) {
				t.Errorf("%s: error %v, want one saying %q", c.name, err, c.error)
			}
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
		case (got == nil) != (c.want == nil) || (got != nil && *got != *c.want):
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}

func TestDescribe(t *testing.T) {
	since := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	cases := []struct {
		name string
		s    Status
		want string
	}{
		{"not yet uploaded", Status{Where: "file:///r"}, "Replica: data.db streams to file:///r, starting"},
		{"up to date", Status{Where: "file:///r", LastUpload: since}, "Replica: data.db streams to file:///r, up to date"},
		{"behind", Status{Where: "s3://b/p", LastUpload: since, BehindSeconds: 1.26}, "Replica: data.db streams to s3://b/p, 1.3 s behind"},
		{"refused", Status{Where: "s3://b/p", BehindSeconds: 42, Error: "connection refused", FailingSince: since},
			"Replica: data.db streams to s3://b/p — NOT REACHED for 42 s, retrying (connection refused)"},
	}
	for _, c := range cases {
		if got := describe(c.s); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if got := (Config{Scheme: "s3", Bucket: "b", Path: "p", Endpoint: "http://h", Secret: "never"}).Where(); got != "s3://b/p at http://h" {
		t.Errorf("Where: %q", got)
	}
}
