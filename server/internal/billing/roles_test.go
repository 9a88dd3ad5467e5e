package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

// The other members of alice's business in the role tables (withTeam adds
// them to a case's clone); alice is its owner, and bob, who owns a business
// of his own, is no member of hers.
var (
	aliceAdmin      = testapp.AliceAdmin
	aliceMember     = testapp.AliceMember
	aliceAccountant = testapp.AliceAccountant
)

// withTeam makes aliceAdmin, aliceMember and aliceAccountant members of
// alice's business with those roles.
func withTeam(t testing.TB, app *tests.TestApp) { testapp.AddAliceTeam(t, app) }

// roleStatus is the status a route answers each role of alice's business,
// and bob, who is not a member of it.
type roleStatus struct{ owner, admin, member, accountant, outsider int }

// writers is the answer of a route that changes alice's records: owners,
// admins and members may; an accountant gets the 403 saying who can; to
// anyone else the record or business does not exist.
var writers = roleStatus{200, 200, 200, 403, 404}

// readers is the answer of a route that reads alice's business: every
// member may; anyone else finds nothing.
var readers = roleStatus{200, 200, 200, 200, 404}

// byRole is c once for each role of alice's business and once for bob, each
// expecting its status from want. The content and after checks of c apply
// to the rows that succeed; refused is checked after the others (nil for
// none).
func byRole(c apiCase, want roleStatus, refused func(testing.TB, *tests.TestApp, *http.Response)) []apiCase {
	rows := []struct {
		label, as string
		status    int
	}{
		{"owner", alice, want.owner},
		{"admin", aliceAdmin.ID, want.admin},
		{"member", aliceMember.ID, want.member},
		{"accountant", aliceAccountant.ID, want.accountant},
		{"not a member", bob, want.outsider},
	}
	before := c.before
	out := make([]apiCase, 0, len(rows))
	for _, r := range rows {
		row := c
		row.name = c.name + " as " + r.label
		row.as = r.as
		row.status = r.status
		row.before = func(t testing.TB, app *tests.TestApp) {
			withTeam(t, app)
			if before != nil {
				before(t, app)
			}
		}
		if r.status >= 300 {
			row.contains, row.absent, row.after = nil, nil, refused
			if r.status == http.StatusForbidden {
				row.contains = []string{`"status":403`}
			}
		}
		out = append(out, row)
	}
	return out
}
