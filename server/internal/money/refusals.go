package money

// Refusals of a document's items and discount. Each InputError has a
// stable code (refusalMessages: one code, one sentence) and the values
// its sentence was filled in with (Params), so a client can say it in
// another language (see package refusal). A line's sentence follows
// "Line N: " (params line, and field: the line's key it is about).
const (
	msgLinesNotList         = "The lines must be a list of objects."
	fmtTooManyLines         = "A document can have at most %d lines."
	msgDiscountInvalid      = "The discount must be a percentage from 0 to 100 with at most 2 decimals."
	fmtLineRequired         = "add a %s."
	fmtLineNotText          = "the %s must be text."
	fmtLineTooLong          = "the %s is too long (%d characters at most)."
	fmtLineNotNumber        = "the %s must be a number."
	msgLinePriceNotWhole    = "the unit price must be a whole number of cents."
	msgLinePriceTooLarge    = "the unit price is too large."
	msgLineQuantityMin      = "the quantity must be more than 0."
	fmtLineQuantityMax      = "the quantity can be at most %d."
	msgLineQuantityDecimals = "the quantity can have at most 3 decimals."
	msgLineDiscount         = "the discount must be a percentage from 0 to 100 with at most 2 decimals."
	msgLineTaxRateRange     = "the tax rate must be from 0 to 100."
	msgLineTaxRateDecimals  = "the tax rate can have at most 3 decimals."
)

// MessageUnitCode refuses a unit code that is not a UN/ECE Recommendation
// 20 code (2 or 3 capital letters and digits, e.g. HUR, C62, DAY). It
// follows "Line N: ".
const MessageUnitCode = "choose a unit from the list."

// MessageNegativeTotal refuses a document whose deductions exceed its lines.
const MessageNegativeTotal = "The total can't be negative. Lower the deductions or the discount."

// refusalMessages maps each code of the package to its sentence (or its
// format): one code, one sentence (checked by TestRefusalCodes).
var refusalMessages = map[string]string{
	"folio_lines_not_list":           msgLinesNotList,
	"folio_too_many_lines":           fmtTooManyLines,
	"folio_invalid_discount_percent": msgDiscountInvalid,
	"folio_negative_total":           MessageNegativeTotal,
	"folio_line_required":            fmtLineRequired,
	"folio_line_not_text":            fmtLineNotText,
	"folio_line_too_long":            fmtLineTooLong,
	"folio_line_not_number":          fmtLineNotNumber,
	"folio_invalid_unit_code":        MessageUnitCode,
	"folio_line_price_not_whole":     msgLinePriceNotWhole,
	"folio_line_price_too_large":     msgLinePriceTooLarge,
	"folio_line_quantity_min":        msgLineQuantityMin,
	"folio_line_quantity_max":        fmtLineQuantityMax,
	"folio_line_quantity_decimals":   msgLineQuantityDecimals,
	"folio_line_discount_invalid":    msgLineDiscount,
	"folio_line_tax_rate_range":      msgLineTaxRateRange,
	"folio_line_tax_rate_decimals":   msgLineTaxRateDecimals,
}

// lineWords are the words the sentences of a line use for its keys.
var lineWords = map[string]string{
	"id":               "line id",
	"description":      "description",
	"unit":             "unit",
	"unit_code":        "unit code",
	"quantity":         "quantity",
	"unit_price_cents": "unit price",
	"discount_percent": "discount",
	"tax_rate":         "tax rate",
}
