package card

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"folio/server/migrations"
)

// connection is a business's Stripe connection, its secrets opened.
type connection struct {
	secretKey     string
	webhookSecret string
	account       string
	testMode      bool
}

// connected reports whether the business can take card payments: a key to
// create sessions and a secret to trust the events that record them.
func (c connection) connected() bool {
	return c.secretKey != "" && c.webhookSecret != ""
}

// open reads a business's connection, decrypting its secrets.
func (s *service) open(business *core.Record) (connection, error) {
	c := connection{account: business.GetString(migrations.FieldStripeAccount),
		testMode: business.GetBool(migrations.FieldStripeTestMode)}
	var err error
	if c.secretKey, err = s.decrypt(business.GetString(migrations.FieldStripeSecretKey)); err != nil {
		return c, err
	}
	c.webhookSecret, err = s.decrypt(business.GetString(migrations.FieldStripeWebhookSecret))
	return c, err
}

// encrypt seals a secret as the 2FA secrets are (security.Encrypt with the
// keyring's key); "" stays "".
func (s *service) encrypt(plain string) (string, error) {
	if plain == "" {
		return "", nil
	}
	key, err := s.key()
	if err != nil {
		return "", err
	}
	return security.Encrypt([]byte(plain), key)
}

// decrypt opens a secret sealed by encrypt; "" stays "".
func (s *service) decrypt(sealed string) (string, error) {
	if sealed == "" {
		return "", nil
	}
	key, err := s.key()
	if err != nil {
		return "", err
	}
	plain, err := security.Decrypt(sealed, key)
	if err != nil {
		return "", fmt.Errorf("decrypt stripe secret: %w", err)
	}
	return string(plain), nil
}
