package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// UserFileFields are the users' file fields that are protected: their URL
// works only with a file token (pb.files.getToken, bound to the signed-in
// account), never for whoever has it. The public document page shows the
// logo through its own route (route_public_logo.go).
var UserFileFields = []string{"avatar", FieldLogo}

// FileTokenSeconds is how long a users file token lasts (PocketBase's
// default is 180 s); the web app asks for a new one before it runs out.
const FileTokenSeconds = 600

func setUserFilesProtected(app core.App, protected bool, tokenSeconds int64) error {
	users, err := app.FindCollectionByNameOrId(UsersCollection)
	if err != nil {
		return err
	}
	for _, name := range UserFileFields {
		if f, ok := users.Fields.GetByName(name).(*core.FileField); ok {
			f.Protected = protected
		}
	}
	users.FileToken.Duration = tokenSeconds
	return app.Save(users)
}

func init() {
	m.Register(func(app core.App) error {
		return setUserFilesProtected(app, true, FileTokenSeconds)
	}, func(app core.App) error {
		return setUserFilesProtected(app, false, 180)
	})
}
