package migrations_test

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// Rows logged before the redaction lose their secrets; others stay as
// they were.
func TestRedactOldLogs(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	const tok = "OldToken-0123456789"
	rows := map[string][2]string{
		"publicpage00001": {"GET /d/" + tok, `{"url":"/d/` + tok + `","method":"GET","status":200,"referer":""}`},
		"publicapi000001": {"POST /api/folio/public/documents/" + tok + "/accept",
			`{"url":"/api/folio/public/documents/` + tok + `/accept","method":"POST","status":404,"error":"x"}`},
		"resetreferer001": {"GET /api/health", `{"url":"/api/health","referer":"http://f.example/reset-password?token=` + tok + `"}`},
		"plain0000000001": {"GET /api/health", `{"url":"/api/health","method":"GET","status":200}`},
	}
	for id, r := range rows {
		_, err := app.AuxDB().Insert(core.LogsTableName, dbx.Params{"id": id, "level": 0, "message": r[0], "data": r[1]}).Execute()
		if err != nil {
			t.Fatal(err)
		}
	}

	if err := migrations.RedactOldLogs(app); err != nil {
		t.Fatal(err)
	}

	var left int
	if err := app.AuxDB().NewQuery("SELECT COUNT(*) FROM _logs WHERE message LIKE {:t} OR data LIKE {:t}").
		Bind(dbx.Params{"t": "%" + tok + "%"}).Row(&left); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Errorf("%d rows still hold the token", left)
	}
	var got struct {
		Message string `db:"message"`
		Data    string `db:"data"`
	}
	if err := app.AuxDB().Select("message", "data").From(core.LogsTableName).Where(dbx.HashExp{"id": "publicapi000001"}).One(&got); err != nil {
		t.Fatal(err)
	}
	if got.Message != "POST /api/folio/public/documents/[redacted]/accept" ||
		!strings.Contains(got.Data, `"url":"/api/folio/public/documents/[redacted]/accept"`) ||
		!strings.Contains(got.Data, `"status":404`) || !strings.Contains(got.Data, `"method":"POST"`) {
		t.Errorf("redacted row: %+v", got)
	}
	if err := app.AuxDB().Select("message", "data").From(core.LogsTableName).Where(dbx.HashExp{"id": "plain0000000001"}).One(&got); err != nil {
		t.Fatal(err)
	}
	if got.Data != rows["plain0000000001"][1] {
		t.Errorf("a row without a secret was rewritten: %s", got.Data)
	}
}
