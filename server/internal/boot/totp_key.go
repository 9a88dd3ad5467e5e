package boot

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/pocketbase/pocketbase/tools/security"
)

// TOTPKeyFileName is the key file kept in the data dir when FOLIO_TOTP_KEY
// is not set. It travels with the database (and PocketBase backups of the
// data dir), so encrypted secrets stay readable after a restore.
const TOTPKeyFileName = ".folio_totp_key"

// Keyring hands out the key that encrypts TOTP secrets, resolving it once.
type Keyring struct {
	mu      sync.Mutex
	dataDir func() string
	envKey  string
	key     string
}

// NewKeyring returns a keyring that uses envKey when set, else the key file
// inside dataDir(), creating it on first use.
func NewKeyring(dataDir func() string, envKey string) *Keyring {
	return &Keyring{dataDir: dataDir, envKey: envKey}
}

// Get returns the 32-character key.
func (k *Keyring) Get() (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()

	if k.key != "" {
		return k.key, nil
	}
	if k.envKey != "" {
		if len(k.envKey) != totpKeyLength {
			return "", fmt.Errorf("%s must be exactly %d characters", EnvTOTPKey, totpKeyLength)
		}
		k.key = k.envKey
		return k.key, nil
	}

	key, err := loadOrCreateKeyFile(filepath.Join(k.dataDir(), TOTPKeyFileName))
	if err != nil {
		return "", err
	}
	k.key = key
	return key, nil
}

// loadOrCreateKeyFile reads the key file, or writes a new random key with
// owner-only permissions. O_EXCL keeps two processes from each writing
// their own key.
func loadOrCreateKeyFile(path string) (string, error) {
	if key, err := readKeyFile(path); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return key, err
	}

	key := security.RandomString(totpKeyLength)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return readKeyFile(path)
	}
	if err != nil {
		return "", fmt.Errorf("create TOTP key file: %w", err)
	}
	if _, err := f.WriteString(key + "\n"); err != nil {
		f.Close()
		return "", fmt.Errorf("write TOTP key file: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("write TOTP key file: %w", err)
	}
	return key, nil
}

func readKeyFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	key := strings.TrimSpace(string(b))
	if len(key) != totpKeyLength {
		return "", fmt.Errorf("TOTP key file %s must hold exactly %d characters", path, totpKeyLength)
	}
	return key, nil
}
