package seed

// The word lists the plans draw from. Names are invented small businesses;
// emails and websites use the reserved .example domain.

type company struct{ name, city, country string }

// publicBuyer is what a German public buyer adds: its postal code and its
// Leitweg-ID without the check digits, which are computed. Its invoices
// quote the Leitweg-ID as buyer reference and are delivered to it (EAS 0204).
type publicBuyer struct{ postalCode, leitweg string }

var publicBuyers = map[string]publicBuyer{
	"Kulturamt Bremen": {"28195", "04011000-12345"}, // 04011000-12345-03
}

var names = []company{
	{"Atelier Moreau", "Lyon", "FR"},
	{"Brightside Dental", "Austin", "US"},
	{"Copperleaf Studio", "Dublin", "IE"},
	{"Dunmore Logistics", "Rotterdam", "NL"},
	{"Elbe Consulting GmbH", "Hamburg", "DE"},
	{"Fenwick & Daughters", "Boston", "US"},
	{"Greenfield Bakery", "Cork", "IE"},
	{"Harbor Yoga", "Seattle", "US"},
	{"Iris Landscaping", "Utrecht", "NL"},
	{"Kulturamt Bremen", "Bremen", "DE"}, // a German public buyer: see publicBuyers
	{"Kestrel Architects", "Munich", "DE"},
	{"Lumen Photography", "Lisbon", "PT"},
	{"Maple & Stone Interiors", "Portland", "US"},
	{"Northwind Cycles", "Copenhagen", "DK"},
	{"Oakridge Veterinary", "Ghent", "BE"},
	{"Pinecrest Dental Care", "Milan", "IT"},
	{"Quayside Coffee Roasters", "Bordeaux", "FR"},
	{"Riverbend Print Shop", "Denver", "US"},
	{"Saffron Kitchen", "Madrid", "ES"},
	{"Tidewater Marine Supply", "Kiel", "DE"},
	{"Umbra Design Co.", "Antwerp", "BE"},
	{"Vela Translations", "Barcelona", "ES"},
	{"Willow Tree Nursery", "Galway", "IE"},
	{"Bäckerei Hofmann", "Leipzig", "DE"},
	{"Café Lindqvist", "Helsinki", "FI"},
	{"Studio Verde", "Turin", "IT"},
	{"Van Dijk Installaties", "Eindhoven", "NL"},
	{"Boulangerie Petit", "Nantes", "FR"},
	{"Casa Ribeiro", "Porto", "PT"},
	{"Nordlicht Media", "Berlin", "DE"},
	{"Ostara Events", "Salzburg", "AT"},
	{"Peregrine Analytics", "Chicago", "US"},
	{"Silverline Plumbing", "Tallinn", "EE"},
	{"Thistle & Rye Catering", "Luxembourg", "LU"},
	{"Zephyr Web Agency", "Brussels", "BE"},
}

// The demo business is in Germany. What it charges depends on where the
// customer is (its customers are businesses and public bodies):
//   - in Germany: 19 % German VAT (category S);
//   - elsewhere in the EU: 0 %, reverse charge (AE), the customer accounts
//     for the VAT; both VAT IDs are on the invoice;
//   - outside the EU: 0 %, export (G), no German VAT.
//
// For services outside the EU, O (not subject to VAT) would be the closer
// category, but EN 16931 then forbids the seller's VAT ID on the invoice
// (BR-O-02) and wants another seller identifier, which Folio does not keep.
const (
	homeCountry = "DE"
	homeRate    = 19
)

// euCountries are the EU member states among the customers' countries.
var euCountries = map[string]bool{
	"AT": true, "BE": true, "DE": true, "DK": true, "EE": true, "ES": true, "FI": true, "FR": true,
	"IE": true, "IT": true, "LU": true, "NL": true, "PT": true,
}

// Exemption reasons printed on 0 % documents.
const (
	reasonReverseCharge = "Reverse charge: the customer accounts for the VAT (Article 196, Council Directive 2006/112/EC)."
	reasonExport        = "Not subject to German VAT: service supplied to a business outside the EU (§ 3a (2) UStG)."
)

// vatTreatment is the line rate, the category of 0 % lines and its reason
// for a customer in country.
func vatTreatment(country string) (rate float64, category, reason string) {
	switch {
	case country == homeCountry:
		return homeRate, "Z", ""
	case euCountries[country]:
		return 0, "AE", reasonReverseCharge
	default:
		return 0, "G", reasonExport
	}
}

var phonePrefix = map[string]string{
	"FR": "+33", "IE": "+353", "NL": "+31", "DE": "+49", "AT": "+43", "PT": "+351", "DK": "+45", "BE": "+32",
	"IT": "+39", "ES": "+34", "FI": "+358", "EE": "+372", "LU": "+352", "US": "+1",
}

// service is a catalogue line: its unit label and UN/ECE Recommendation 20
// unit code (HUR hour, DAY day, H87 piece, MON month, LS lump sum).
type service struct {
	description string
	unit        string
	unitCode    string
	lo, hi      int64 // unit price range, cents
	maxQty      int
}

var services = []service{
	{"Website design", "h", "HUR", 7500, 9500, 24},
	{"Strategy consulting", "h", "HUR", 9000, 15000, 12},
	{"Logo and brand identity", "pcs", "H87", 45000, 90000, 1},
	{"Web hosting (12 months)", "pcs", "H87", 18000, 36000, 1},
	{"Copywriting", "h", "HUR", 6000, 8000, 16},
	{"Photography session", "pcs", "H87", 35000, 80000, 2},
	{"Business cards (500)", "pcs", "H87", 4500, 7000, 4},
	{"Maintenance plan (monthly)", "month", "MON", 9900, 19900, 3},
	{"Training workshop", "day", "DAY", 90000, 150000, 2},
	{"Travel expenses", "lump sum", "LS", 2000, 30000, 1},
	{"SEO audit", "pcs", "H87", 60000, 120000, 1},
	{"Translation (1,000 words)", "pcs", "H87", 8000, 12000, 10},
	{"Support", "h", "HUR", 6500, 6500, 10},
}

var notes = []string{
	"Thank you for choosing us again.",
	"As discussed on our call.",
	"Includes two rounds of revisions.",
	"Project reference on your purchase order, please.",
}

var rejectReasons = []string{"Over budget", "Went with another supplier", "Project postponed", "Scope changed"}

var voidReasons = []string{"Issued to the wrong customer", "Duplicate invoice", "Order cancelled"}

var methods = []string{"bank_transfer", "bank_transfer", "bank_transfer", "card", "card", "cheque", "cash", "other"}

var firstNames = []string{"Anna", "Ben", "Chloé", "Daniel", "Emma", "Felix", "Grace", "Hugo", "Ines", "Jonas", "Katrin", "Liam", "Marta", "Noah", "Olivia", "Pablo", "Rosa", "Sam", "Tara", "Yusuf"}

var lastNames = []string{"Becker", "Costa", "Dubois", "Evans", "Fischer", "García", "Hansen", "Jansen", "Keane", "Larsen", "Moreau", "Novak", "O'Brien", "Peeters", "Rossi", "Schmidt", "Silva", "Walsh"}

var streets = []string{"Market Street", "Harbour Road", "Linden Allee", "Rue des Fleurs", "Canal Street", "Mill Lane", "Via Roma", "Oak Avenue", "Station Road", "Kirkegade"}

// vatSchemes are the EAS codes of the VAT identifiers of the customers'
// countries: a customer's electronic address is its VAT ID under them
// (Denmark and Italy use other identifiers; their customers get a DUNS).
var vatSchemes = map[string]string{
	"AT": "9914", "BE": "9925", "DE": "9930", "EE": "9931", "ES": "9920", "FI": "0213",
	"FR": "9957", "IE": "9935", "LU": "9938", "NL": "9944", "PT": "9946",
}
