package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// UserImageTypes are the image types an avatar or a logo may be: the ones
// the web app's pickers offer. No SVG: an SVG document can carry script,
// and the files are served from the app's own origin (in a sandbox, see
// spa.SetUserFileHeaders, but an image needs no script in the first place).
var UserImageTypes = []string{"image/png", "image/jpeg", "image/webp", "image/gif"}

// pocketBaseAvatarTypes are the avatar types of PocketBase's users
// collection, which the down migration puts back.
var pocketBaseAvatarTypes = []string{"image/jpeg", "image/png", "image/svg+xml", "image/gif", "image/webp"}

func setAvatarTypes(app core.App, types []string) error {
	users, err := app.FindCollectionByNameOrId(UsersCollection)
	if err != nil {
		return err
	}
	if f, ok := users.Fields.GetByName("avatar").(*core.FileField); ok {
		f.MimeTypes = types
	}
	return app.Save(users)
}

func init() {
	m.Register(func(app core.App) error {
		return setAvatarTypes(app, UserImageTypes)
	}, func(app core.App) error {
		return setAvatarTypes(app, pocketBaseAvatarTypes)
	})
}
