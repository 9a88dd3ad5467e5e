package billing

import "testing"

func TestDecideEdit(t *testing.T) {
	cases := []struct {
		name, kind, from, to string
		changed              []string
		want                 string // "" = allowed
	}{
		{"new document", "invoice", "", "draft", []string{"items", "customer"}, ""},
		{"draft: anything", "invoice", "draft", "draft", []string{"items", "customer", "due_date"}, ""},
		{"sent: content", "invoice", "sent", "sent", []string{"items", "notes", "due_date", "discount_percent"}, ""},
		{"viewed: content", "invoice", "viewed", "viewed", []string{"terms"}, ""},
		{"sent: customer", "invoice", "sent", "sent", []string{"customer"}, "The customer can only change while the invoice is a draft."},
		{"partial: items", "invoice", "partial", "partial", []string{"items"}, "A partial invoice can't be edited."},
		{"paid: notes", "invoice", "paid", "paid", []string{"notes"}, "A paid invoice can't be edited."},
		{"void: issue date", "invoice", "void", "void", []string{"issue_date"}, "A void invoice can't be edited."},
		{"void: reason", "invoice", "void", "void", []string{"void_reason"}, "A void invoice can't be edited."},
		{"partial: nothing changed", "invoice", "partial", "partial", nil, ""},
		{"partial: reason while voiding (the machine refuses)", "invoice", "partial", "void", []string{"void_reason"}, ""},
		{"sent quote: expiry", "quote", "sent", "sent", []string{"expiry_date"}, ""},
		{"accepted quote: terms", "quote", "accepted", "accepted", []string{"terms"}, "An accepted quote can't be edited."},
		{"rejected quote: items", "quote", "rejected", "rejected", []string{"items"}, "A rejected quote can't be edited."},
		{"converted quote: discount", "quote", "converted", "converted", []string{"discount_percent"}, "A converted quote can't be edited."},
		{"quote reason while rejecting", "quote", "sent", "rejected", []string{"reject_reason"}, ""},
		{"accepted quote: customer", "quote", "accepted", "accepted", []string{"customer"}, "The customer can only change while the quote is a draft."},
	}
	for _, c := range cases {
		got := ""
		if err := decideEdit(c.kind, c.from, c.to, c.changed); err != nil {
			got = err.message
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// An import of an open invoice again changes the imported one's due date,
// customer or total while it is open, nothing else (the imports package
// decides which of them by its payments and reminders).
func TestDecideImportedEdit(t *testing.T) {
	cases := []struct {
		name, from string
		changed    []string
		want       string // "" = allowed
	}{
		{"sent: due date, customer and total", "sent", []string{"due_date", "customer", "items"}, ""},
		{"viewed: customer", "viewed", []string{"customer"}, ""},
		{"partly paid: due date", "partial", []string{"due_date"}, ""},
		{"partly paid: nothing", "partial", nil, ""},
		{"sent: notes", "sent", []string{"notes"}, "A sent invoice can't be edited."},
		{"sent: issue date", "sent", []string{"due_date", "issue_date"}, "A sent invoice can't be edited."},
		{"paid: due date", "paid", []string{"due_date"}, "A paid invoice can't be edited."},
		{"void: customer", "void", []string{"customer"}, "A void invoice can't be edited."},
		{"draft: items", "draft", []string{"items"}, "A draft invoice can't be edited."},
	}
	for _, c := range cases {
		got := ""
		if err := decideImportedEdit(c.from, c.changed); err != nil {
			got = err.message
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
