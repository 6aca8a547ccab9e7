/**
 * GSTR-1 for the accountant (docs/decisions/027, docs/requirements.md §23): a period's tax
 * invoices and credit notes as the CSV files the GST offline tool imports, one per section, each
 * with the header row and column order of the tool's template. Pure: the caller passes the
 * period's documents, as issued (`TaxDocumentContent`), and zips or serves the files.
 *
 * Where each sale goes:
 * - An export (outside India) → exp, with or without a GSTIN: "WOPAY" under a LUT (rate 0),
 *   "WPAY" with IGST.
 * - A buyer's GSTIN → b2b, "Regular B2B", never reverse charge (the shop's sales carry none).
 * - No GSTIN, inter-state, invoice value above ₹1,00,000 → b2cl (the limit since 1 August 2024,
 *   Notification 12/2024 – Central Tax; ₹2,50,000 before).
 * - Any other sale without a GSTIN → b2cs, summed by place of supply and rate, type "OE".
 * A credit note follows its invoice: to cdnr with a GSTIN; to cdnur as "EXPWOP", "EXPWP" or
 * "B2CL" without; and a B2C small one is not a note in the return at all: it reduces its b2cs row,
 * which may then be negative, as the portal asks.
 *
 * Rows carry one rate each: all lines of an offer share its rate, but a document is written per
 * distinct rate so that a mixed one would still add up.
 */
import Papa from 'papaparse';
import { FORMULA_START } from '../catalog/media-csv';
import { GST_STATES, type GstStateCode } from './gstin';
import { hsnSummary } from './invoice-tax';
import type { IssuablePlaceOfSupply } from './place-of-supply';
import type { IssuedTaxDocument as TaxDocumentContent, TaxDocumentKind } from './tax-document';

/**
 * The sections, in the order of the tool's workbook. HSN is two sections: from the return period
 * May 2025, Table 12 is split into supplies to registered persons (hsn(b2b)) and the rest
 * (hsn(b2c), exports included), and the tool takes one sheet or CSV for each.
 */
export const gstr1Sections = [
  'b2b',
  'b2cl',
  'b2cs',
  'exp',
  'cdnr',
  'cdnur',
  'hsn_b2b',
  'hsn_b2c',
  'docs',
] as const;
export type Gstr1Section = (typeof gstr1Sections)[number];

/** Each section's file, named as the tool names its sheet. */
export const GSTR1_FILE_NAMES: Record<Gstr1Section, string> = {
  b2b: 'b2b.csv',
  b2cl: 'b2cl.csv',
  b2cs: 'b2cs.csv',
  exp: 'exp.csv',
  cdnr: 'cdnr.csv',
  cdnur: 'cdnur.csv',
  hsn_b2b: 'hsn(b2b).csv',
  hsn_b2c: 'hsn(b2c).csv',
  docs: 'docs.csv',
};

/** Table 12's columns, the same on its B2B and B2C sheets. */
const HSN_HEADER = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
] as const;

/**
 * The header row of each section, word for word as in the offline tool's CSV templates: the tool
 * matches columns by these names. HSN is the template with "Rate" after "Total Value", which the
 * tool has asked for since rates were reported in Table 12, and which the split hsn(b2b) and
 * hsn(b2c) sheets both carry; without it two rows of one HSN code at two rates could not be told
 * apart.
 */
export const GSTR1_HEADERS: Record<Gstr1Section, readonly string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  exp: [
    'Export Type',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Port Code',
    'Shipping Bill Number',
    'Shipping Bill Date',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  hsn_b2b: HSN_HEADER,
  hsn_b2c: HSN_HEADER,
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

/** Above this invoice value (₹1,00,000, in paise) an inter-state sale without a GSTIN is B2C large. */
export const B2CL_THRESHOLD_MINOR = 10_000_000;

/**
 * Cells the tool leaves optional are written empty (Applicable % of Tax Rate, E-Commerce GSTIN, an
 * export's port code and shipping bill, which a courier or postal export does not have at
 * invoicing); the cess, which the shop's goods never carry, is written 0.00 so that the amount
 * columns are all numbers.
 */
const NO_CESS = '0.00';
/** Every piece is counted in numbers (the tool's "CODE-NAME" form of the UQC). */
const PIECES_UQC = 'NOS-NUMBERS';
const NO_REVERSE_CHARGE = 'N';
const CREDIT_NOTE_TYPE = 'C';
const REGULAR_B2B = 'Regular B2B';
const OTHER_THAN_E_COMMERCE = 'OE';

/**
 * Where the tool's list of states spells a name otherwise than GST_STATES: the place of supply must
 * be one of its drop-down's entries, "Lakshdweep" included.
 */
const TOOL_STATE_NAMES: Partial<Record<GstStateCode, string>> = {
  '01': 'Jammu & Kashmir',
  '25': 'Daman & Diu',
  '26': 'Dadra & Nagar Haveli & Daman & Diu',
  '31': 'Lakshdweep',
  '35': 'Andaman & Nicobar Islands',
};

/** "08-Rajasthan", as the tool writes a place of supply. */
export function gstr1PlaceOfSupply(code: GstStateCode): string {
  return `${code}-${TOOL_STATE_NAMES[code] ?? GST_STATES[code]}`;
}

/** Rupees from paise with two decimals and no separators: 123456.00, -4250.00. */
export function gstr1Amount(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`An amount is whole paise, got ${minor}`);
  const whole = Math.abs(minor);
  const rupees = `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  return minor < 0 ? `-${rupees}` : rupees;
}

/** The whole rate as a number of percent: 12, 2.5, 0. */
export function gstr1Rate(rateBasisPoints: number): string {
  return String(rateBasisPoints / 100);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** dd-mmm-yyyy from a YYYY-MM-DD day: 29-Nov-2026. */
export function gstr1Date(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new RangeError(`A day is written YYYY-MM-DD, got "${day}"`);
  return `${match[3]}-${month}-${match[1]}`;
}

/**
 * A text a buyer typed, safe to open in a spreadsheet: one that would run as a formula is
 * prefixed with a single quote, as the admin exports do (core/admin/csv-export.ts, one definition
 * of FORMULA_START). Only such texts are guarded: a negative amount must stay a number.
 */
function typedText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

type Row = string[];

/** The name the return gives a registered buyer: the business's, else the person's. */
function receiverName(document: TaxDocumentContent): string {
  return typedText(document.buyer.company?.trim() || document.buyer.name);
}

/** The document's taxable value by rate, lines and shipping together, in the order first seen. */
function taxableByRate(
  document: TaxDocumentContent,
): { rateBasisPoints: number; taxableMinor: number }[] {
  const byRate = new Map<number, number>();
  for (const line of document.shipping ? [...document.lines, document.shipping] : document.lines) {
    byRate.set(line.rateBasisPoints, (byRate.get(line.rateBasisPoints) ?? 0) + line.taxableMinor);
  }
  return [...byRate].map(([rateBasisPoints, taxableMinor]) => ({ rateBasisPoints, taxableMinor }));
}

type Destination =
  | { section: 'exp'; exportType: 'WOPAY' | 'WPAY' }
  | { section: 'b2b'; gstin: string; stateCode: GstStateCode }
  | { section: 'b2cl'; stateCode: GstStateCode }
  | { section: 'b2cs'; stateCode: GstStateCode };

/** The section a sale goes to, by its place of supply, the buyer's GSTIN and the invoice's value. */
function destinationOf(
  supply: IssuablePlaceOfSupply,
  buyerGstin: string | null,
  invoiceTotalMinor: number,
): Destination {
  if (supply.kind === 'export_under_lut') return { section: 'exp', exportType: 'WOPAY' };
  if (supply.kind === 'export_with_igst') return { section: 'exp', exportType: 'WPAY' };
  const gstin = buyerGstin?.trim();
  if (gstin) return { section: 'b2b', gstin, stateCode: supply.stateCode };
  if (supply.kind === 'inter_state' && invoiceTotalMinor > B2CL_THRESHOLD_MINOR) {
    return { section: 'b2cl', stateCode: supply.stateCode };
  }
  return { section: 'b2cs', stateCode: supply.stateCode };
}

/** What Table 13 calls each kind of document. */
const NATURE_OF_DOCUMENT: Record<TaxDocumentKind, string> = {
  invoice: 'Invoices for outward supply',
  credit_note: 'Credit Note',
  receipt_voucher: 'Receipt Voucher',
};

interface HsnTotal {
  hsnCode: string;
  rateBasisPoints: number;
  quantity: number;
  taxableMinor: number;
  igstMinor: number;
  cgstMinor: number;
  sgstMinor: number;
}

interface DocumentRange {
  nature: string;
  /** The number without its counter, "KK/26-27/": a new prefix is a series of its own. */
  stem: string;
  first: { number: string; counter: number };
  last: { number: string; counter: number };
  count: number;
}

function counterOf(number: string): { stem: string; counter: number } {
  const match = /^(.*?)(\d+)$/.exec(number);
  if (!match) throw new RangeError(`A document number ends in its counter, got "${number}"`);
  return { stem: match[1]!, counter: Number(match[2]) };
}

/**
 * The period's GSTR-1, one CSV per section in `gstr1Sections`' order, each with its header row,
 * also when it has no rows. Fields are quoted as RFC 4180 asks (a comma, a quote or a line break);
 * lines end in LF. Rows follow the documents by day and number; b2cs keeps the order its places
 * of supply first appear in, and the HSN sections go by code and rate. A b2cs or HSN row that a
 * credit note brings to nothing (the invoice and its note in one period) is left out.
 *
 * A receipt voucher counts only in docs: an advance on goods carries no tax when received
 * (Notification 66/2017 – Central Tax), so it is no sale of the period.
 */
export function gstr1Files(
  documents: readonly TaxDocumentContent[],
): { name: string; csv: string }[] {
  const ordered = [...documents].sort(
    (a, b) =>
      a.issuedOn.localeCompare(b.issuedOn) ||
      a.number.localeCompare(b.number, 'en', { numeric: true }),
  );
  const invoicesByNumber = new Map(
    ordered.filter((document) => document.kind === 'invoice').map((d) => [d.number, d]),
  );

  const rows: Record<Gstr1Section, Row[]> = {
    b2b: [],
    b2cl: [],
    b2cs: [],
    exp: [],
    cdnr: [],
    cdnur: [],
    hsn_b2b: [],
    hsn_b2c: [],
    docs: [],
  };
  const b2cs = new Map<
    string,
    { stateCode: GstStateCode; rateBasisPoints: number; taxableMinor: number }
  >();
  const hsn = { hsn_b2b: new Map<string, HsnTotal>(), hsn_b2c: new Map<string, HsnTotal>() };
  const ranges = new Map<string, DocumentRange>();

  const addToB2cs = (stateCode: GstStateCode, rateBasisPoints: number, taxableMinor: number) => {
    const key = `${stateCode}|${rateBasisPoints}`;
    const row = b2cs.get(key) ?? { stateCode, rateBasisPoints, taxableMinor: 0 };
    row.taxableMinor += taxableMinor;
    b2cs.set(key, row);
  };

  const addToHsn = (document: TaxDocumentContent, sign: 1 | -1) => {
    const table =
      document.buyer.gstin?.trim() && !isExport(document.placeOfSupply) ? hsn.hsn_b2b : hsn.hsn_b2c;
    for (const line of hsnSummary(document)) {
      const hsnCode = line.hsnCode ?? '';
      const key = `${hsnCode}|${line.rateBasisPoints}`;
      const total = table.get(key) ?? {
        hsnCode,
        rateBasisPoints: line.rateBasisPoints,
        quantity: 0,
        taxableMinor: 0,
        igstMinor: 0,
        cgstMinor: 0,
        sgstMinor: 0,
      };
      total.quantity += sign * line.quantity;
      total.taxableMinor += sign * line.taxableMinor;
      total.igstMinor += sign * line.igstMinor;
      total.cgstMinor += sign * line.cgstMinor;
      total.sgstMinor += sign * line.sgstMinor;
      table.set(key, total);
    }
  };

  const countDocument = (document: TaxDocumentContent) => {
    const nature = NATURE_OF_DOCUMENT[document.kind];
    const { stem, counter } = counterOf(document.number);
    const key = `${nature}|${stem}`;
    const seen = { number: document.number, counter };
    const range = ranges.get(key);
    if (!range) {
      ranges.set(key, { nature, stem, first: seen, last: seen, count: 1 });
      return;
    }
    range.count += 1;
    if (counter < range.first.counter) range.first = seen;
    if (counter > range.last.counter) range.last = seen;
  };

  for (const document of ordered) {
    countDocument(document);
    if (document.kind === 'receipt_voucher') continue;
    const date = gstr1Date(document.issuedOn);
    const value = gstr1Amount(document.totalMinor);
    const rates = taxableByRate(document);

    if (document.kind === 'invoice') {
      addToHsn(document, 1);
      const destination = destinationOf(
        document.placeOfSupply,
        document.buyer.gstin,
        document.totalMinor,
      );
      for (const { rateBasisPoints, taxableMinor } of rates) {
        const rate = gstr1Rate(rateBasisPoints);
        const taxable = gstr1Amount(taxableMinor);
        switch (destination.section) {
          case 'b2b':
            rows.b2b.push([
              destination.gstin,
              receiverName(document),
              document.number,
              date,
              value,
              gstr1PlaceOfSupply(destination.stateCode),
              NO_REVERSE_CHARGE,
              '',
              REGULAR_B2B,
              '',
              rate,
              taxable,
              NO_CESS,
            ]);
            break;
          case 'b2cl':
            rows.b2cl.push([
              document.number,
              date,
              value,
              gstr1PlaceOfSupply(destination.stateCode),
              '',
              rate,
              taxable,
              NO_CESS,
              '',
            ]);
            break;
          case 'b2cs':
            addToB2cs(destination.stateCode, rateBasisPoints, taxableMinor);
            break;
          case 'exp':
            rows.exp.push([
              destination.exportType,
              document.number,
              date,
              value,
              '',
              '',
              '',
              rate,
              taxable,
              NO_CESS,
            ]);
            break;
        }
      }
      continue;
    }

    // A credit note: its invoice's section decides its own. B2C large is judged by the invoice's
    // value; a whole-invoice note (wholeInvoiceCreditNote) carries it, and the invoice itself is
    // read when it is among the period's documents.
    addToHsn(document, -1);
    const citedInvoice = document.cites ? invoicesByNumber.get(document.cites.number) : undefined;
    const citedTotal = citedInvoice?.totalMinor ?? document.totalMinor;
    const destination = destinationOf(document.placeOfSupply, document.buyer.gstin, citedTotal);
    for (const { rateBasisPoints, taxableMinor } of rates) {
      const rate = gstr1Rate(rateBasisPoints);
      const taxable = gstr1Amount(taxableMinor);
      switch (destination.section) {
        case 'b2b':
          rows.cdnr.push([
            destination.gstin,
            receiverName(document),
            document.number,
            date,
            CREDIT_NOTE_TYPE,
            gstr1PlaceOfSupply(destination.stateCode),
            NO_REVERSE_CHARGE,
            REGULAR_B2B,
            value,
            '',
            rate,
            taxable,
            NO_CESS,
          ]);
          break;
        case 'b2cs':
          addToB2cs(destination.stateCode, rateBasisPoints, -taxableMinor);
          break;
        case 'b2cl':
        case 'exp':
          rows.cdnur.push([
            destination.section === 'b2cl'
              ? 'B2CL'
              : destination.exportType === 'WOPAY'
                ? 'EXPWOP'
                : 'EXPWP',
            document.number,
            date,
            CREDIT_NOTE_TYPE,
            // An export's note has no Indian place of supply; the tool leaves the cell empty.
            destination.section === 'b2cl' ? gstr1PlaceOfSupply(destination.stateCode) : '',
            value,
            '',
            rate,
            taxable,
            NO_CESS,
          ]);
          break;
      }
    }
  }

  for (const { stateCode, rateBasisPoints, taxableMinor } of b2cs.values()) {
    if (taxableMinor === 0) continue;
    rows.b2cs.push([
      OTHER_THAN_E_COMMERCE,
      gstr1PlaceOfSupply(stateCode),
      '',
      gstr1Rate(rateBasisPoints),
      gstr1Amount(taxableMinor),
      NO_CESS,
      '',
    ]);
  }

  for (const section of ['hsn_b2b', 'hsn_b2c'] as const) {
    const totals = [...hsn[section].values()].sort(
      (a, b) => a.hsnCode.localeCompare(b.hsnCode) || a.rateBasisPoints - b.rateBasisPoints,
    );
    for (const total of totals) {
      const taxMinor = total.igstMinor + total.cgstMinor + total.sgstMinor;
      if (total.quantity === 0 && total.taxableMinor === 0 && taxMinor === 0) continue;
      rows[section].push([
        total.hsnCode,
        // The tool fills "Description as per HSN Code" from the code; its own Description is optional.
        '',
        PIECES_UQC,
        String(total.quantity),
        gstr1Amount(total.taxableMinor + taxMinor),
        gstr1Rate(total.rateBasisPoints),
        gstr1Amount(total.taxableMinor),
        gstr1Amount(total.igstMinor),
        gstr1Amount(total.cgstMinor),
        gstr1Amount(total.sgstMinor),
        NO_CESS,
      ]);
    }
  }

  // Table 13, by kind then series. Nothing is cancelled: an issued document is never changed or
  // withdrawn; a credit note answers it (docs/decisions/027).
  const natureOrder = Object.values(NATURE_OF_DOCUMENT);
  const sortedRanges = [...ranges.values()].sort(
    (a, b) =>
      natureOrder.indexOf(a.nature) - natureOrder.indexOf(b.nature) || a.stem.localeCompare(b.stem),
  );
  for (const range of sortedRanges) {
    rows.docs.push([range.nature, range.first.number, range.last.number, String(range.count), '0']);
  }

  return gstr1Sections.map((section) => ({
    name: GSTR1_FILE_NAMES[section],
    csv: csvOf([GSTR1_HEADERS[section], ...rows[section]]),
  }));
}

function isExport(supply: IssuablePlaceOfSupply): boolean {
  return supply.kind === 'export_under_lut' || supply.kind === 'export_with_igst';
}

/** RFC 4180 quoting, LF line ends, a line break after the last row. */
function csvOf(lines: readonly (readonly string[])[]): string {
  return `${Papa.unparse(
    lines.map((line) => [...line]),
    { newline: '\n' },
  )}\n`;
}
