package seed

// The word lists the plans draw from. Names are invented small businesses;
// emails and websites use the reserved .example domain.

type company struct{ name, city, country string }

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
	{"Juniper Law", "Vienna", "AT"},
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

// taxRates are standard VAT rates by country (0 for US customers, whose
// sales tax Folio v1 does not model).
var taxRates = map[string]float64{
	"FR": 20, "IE": 23, "NL": 21, "DE": 19, "AT": 20, "PT": 23, "DK": 25, "BE": 21,
	"IT": 22, "ES": 21, "FI": 25.5, "EE": 22, "LU": 17, "US": 0,
}

var phonePrefix = map[string]string{
	"FR": "+33", "IE": "+353", "NL": "+31", "DE": "+49", "AT": "+43", "PT": "+351", "DK": "+45", "BE": "+32",
	"IT": "+39", "ES": "+34", "FI": "+358", "EE": "+372", "LU": "+352", "US": "+1",
}

type service struct {
	description string
	unit        string
	lo, hi      int64 // unit price range, cents
	maxQty      int
	zeroTax     bool
}

var services = []service{
	{"Website design", "h", 7500, 9500, 24, false},
	{"Strategy consulting", "h", 9000, 15000, 12, false},
	{"Logo and brand identity", "pcs", 45000, 90000, 1, false},
	{"Web hosting (12 months)", "pcs", 18000, 36000, 1, false},
	{"Copywriting", "h", 6000, 8000, 16, false},
	{"Photography session", "pcs", 35000, 80000, 2, false},
	{"Business cards (500)", "pcs", 4500, 7000, 4, false},
	{"Maintenance plan (monthly)", "pcs", 9900, 19900, 3, false},
	{"Training workshop", "day", 90000, 150000, 2, false},
	{"Travel expenses", "pcs", 2000, 30000, 1, true},
	{"SEO audit", "pcs", 60000, 120000, 1, false},
	{"Translation (1,000 words)", "pcs", 8000, 12000, 10, false},
	{"Support", "h", 6500, 6500, 10, false},
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
