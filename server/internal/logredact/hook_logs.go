package logredact

import (
	"bytes"
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/types"
)

// HookID names the hook that redacts log records.
const HookID = "folioLogRedaction"

// Bind redacts every log record of app before it is saved.
func Bind(app core.App) {
	app.OnModelCreate(core.LogsTableName).Bind(&hook.Handler[*core.ModelEvent]{
		Id: HookID,
		Func: func(e *core.ModelEvent) error {
			if l, ok := e.Model.(*core.Log); ok {
				l.Message, l.Data = Record(l.Message, l.Data)
			}
			return e.Next()
		},
	})
}

// Record is a log record's message and data with Text applied to every
// string in them, however deeply the data nests them or whatever type
// holds them (the data is redacted as the JSON it is stored as). Data
// without a secret comes back as it was.
func Record(message string, data types.JSONMap[any]) (string, types.JSONMap[any]) {
	message = Text(message)
	if len(data) == 0 {
		return message, data
	}
	var raw bytes.Buffer
	enc := json.NewEncoder(&raw)
	// Keep & < > as they are, so a URL in the JSON reads as in the log.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(data); err != nil {
		// Unstorable anyway (PocketBase would fail to save it too); keep
		// nothing of it rather than something unredacted.
		return message, types.JSONMap[any]{"redaction": "the log data could not be read"}
	}
	redacted := Text(raw.String())
	if redacted == raw.String() {
		return message, data
	}
	var out types.JSONMap[any]
	if err := json.Unmarshal([]byte(redacted), &out); err != nil {
		return message, types.JSONMap[any]{"redaction": "the log data could not be read"}
	}
	return message, out
}
