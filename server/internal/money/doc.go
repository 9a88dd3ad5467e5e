// Package money holds Folio's money arithmetic: document totals from line
// items in integer minor units ("cents"), the checks on the items JSON, and
// amounts written for people. Everything here is pure, so the hooks, the
// seeders and the TypeScript twin in the web app can agree to the cent;
// tests/vectors/totals.json pins the shared results.
package money
