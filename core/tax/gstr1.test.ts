import { describe, expect, it } from 'vitest';
import { GSTIN_EXAMPLE } from './gstin';
import { gstr1Date, gstr1Files, gstr1PlaceOfSupply, gstr1Rate, gstr1Sections } from './gstr1';
import type { InvoiceGoodsLine } from './invoice-tax';
import type { IssuablePlaceOfSupply } from './place-of-supply';
import {
  CANCELLED_ORDER_REASON,
  invoiceContent,
  wholeInvoiceCreditNote,
  type TaxDocumentBuyer,
  type IssuedTaxDocument as TaxDocumentContent,
} from './tax-document';

// The header rows as the GST offline tool's CSV templates write them, typed out here so that a
// changed header in core/tax/gstr1.ts fails.
const expectedHeaders: Record<string, string> = {
  'b2b.csv':
    'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
  'b2cl.csv':
    'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  'b2cs.csv':
    'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  'exp.csv':
    'Export Type,Invoice Number,Invoice date,Invoice Value,Port Code,Shipping Bill Number,Shipping Bill Date,Rate,Taxable Value,Cess Amount',
  'cdnr.csv':
    'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
  'cdnur.csv':
    'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
  'hsn(b2b).csv':
    'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
  'hsn(b2c).csv':
    'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
  'docs.csv': 'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
};

const seller = {
  name: 'Kala Kriti Handicrafts',
  address: 'Johari Bazaar, Jaipur, Rajasthan 302003',
  gstin: GSTIN_EXAMPLE,
  stateCode: '08' as const,
};

const consumer = (name: string): TaxDocumentBuyer => ({
  name,
  company: null,
  gstin: null,
  billingAddress: [name],
  shippingAddress: [name],
});

const business = (name: string, company: string | null, gstin: string): TaxDocumentBuyer => ({
  ...consumer(name),
  company,
  gstin,
});

const rajasthan: IssuablePlaceOfSupply = { kind: 'intra_state', stateCode: '08' };
const maharashtra: IssuablePlaceOfSupply = { kind: 'inter_state', stateCode: '27' };
const karnataka: IssuablePlaceOfSupply = { kind: 'inter_state', stateCode: '29' };
const gujarat: IssuablePlaceOfSupply = { kind: 'inter_state', stateCode: '24' };
const usUnderLut: IssuablePlaceOfSupply = {
  kind: 'export_under_lut',
  country: 'US',
  lutArn: 'AD080326000123X',
};
const ukWithIgst: IssuablePlaceOfSupply = { kind: 'export_with_igst', country: 'GB' };

const piece = (quantity: number, rupees: number, hsnCode: string): InvoiceGoodsLine => ({
  description: `Piece under ${hsnCode}`,
  hsnCode,
  quantity,
  unitPriceMinor: Math.round(rupees * 100),
});

function invoice(
  counter: number,
  issuedOn: string,
  buyer: TaxDocumentBuyer,
  supply: IssuablePlaceOfSupply,
  lines: InvoiceGoodsLine[],
  options: { shippingRupees?: number; discountRupees?: number; gstRateBasisPoints?: number } = {},
): TaxDocumentContent {
  return invoiceContent({
    number: `KK/26-27/${String(counter).padStart(4, '0')}`,
    issuedOn,
    financialYear: '26-27',
    orderNumber: `KK-${counter}`,
    seller,
    buyer,
    supply,
    lines,
    discountMinor: Math.round((options.discountRupees ?? 0) * 100),
    shippingMinor: Math.round((options.shippingRupees ?? 0) * 100),
    gstRateBasisPoints: options.gstRateBasisPoints ?? 1200,
    payments: [],
    approximateTotal: null,
  });
}

const creditNote = (of: TaxDocumentContent, counter: number, issuedOn: string) =>
  wholeInvoiceCreditNote(of, {
    number: `KKC/26-27/${String(counter).padStart(4, '0')}`,
    issuedOn,
    financialYear: '26-27',
    reason: CANCELLED_ORDER_REASON,
  });

/** Each file's lines after its header; the header itself under `header`. */
function filesOf(documents: TaxDocumentContent[]) {
  const files = gstr1Files(documents);
  const byName = new Map(files.map((file) => [file.name, file.csv]));
  const rowsOf = (name: string) => {
    const csv = byName.get(name);
    if (csv === undefined) throw new Error(`No ${name}`);
    expect(csv.endsWith('\n')).toBe(true);
    expect(csv).not.toContain('\r');
    return csv.slice(0, -1).split('\n');
  };
  return { files, rowsOf };
}

// A November: two registered buyers (one in another state, one in Rajasthan whose name would run
// as a formula), small sales in Rajasthan and Gujarat, a large one to Karnataka, two exports, and
// credit notes cancelling the Maharashtra sale and the first Rajasthan small sale.
const b2bMaharashtra = invoice(
  11,
  '2026-11-02',
  business('Anil Mehta', 'Mehta Interiors, Pune', '27AAPFU0939F1ZV'),
  maharashtra,
  [piece(2, 15_000, '6802')],
  { shippingRupees: 1_000 },
);
const smallRajasthan = invoice(
  12,
  '2026-11-05',
  consumer('Priya Sharma'),
  rajasthan,
  [piece(1, 4_000, '7418')],
  { shippingRupees: 250 },
);
const largeKarnataka = invoice(13, '2026-11-12', consumer('Ravi Kumar'), karnataka, [
  piece(1, 120_000, '6802'),
]);
const smallGujarat = invoice(
  14,
  '2026-11-14',
  consumer('Hetal Patel'),
  gujarat,
  [piece(1, 5_000, '4420')],
  { discountRupees: 500 },
);
const exportLut = invoice(
  15,
  '2026-11-20',
  consumer('Jane Doe'),
  usUnderLut,
  [piece(1, 50_000, '6802')],
  { shippingRupees: 5_000 },
);
const exportIgst = invoice(
  16,
  '2026-11-21',
  consumer('John Smith'),
  ukWithIgst,
  [piece(1, 10_000, '7013')],
  { shippingRupees: 2_000 },
);
const b2bFormulaName = invoice(
  17,
  '2026-11-24',
  business('=HYPERLINK("http://evil.example","Invoice")', null, '08ABCPS1234K1ZM'),
  rajasthan,
  [piece(3, 2_000, '7418')],
);
const secondSmallRajasthan = invoice(18, '2026-11-27', consumer('Meena Joshi'), rajasthan, [
  piece(1, 1_500, '6913'),
]);
const b2bCreditNote = creditNote(b2bMaharashtra, 1, '2026-11-25');
const smallCreditNote = creditNote(smallRajasthan, 2, '2026-11-29');

// Passed newest first: the files order by day and number themselves.
const november = [
  smallCreditNote,
  secondSmallRajasthan,
  b2bCreditNote,
  b2bFormulaName,
  exportIgst,
  exportLut,
  smallGujarat,
  largeKarnataka,
  smallRajasthan,
  b2bMaharashtra,
];

describe('gstr1Files for a month', () => {
  const { files, rowsOf } = filesOf(november);

  it('writes one file per section, each starting with the template header', () => {
    expect(files.map((file) => file.name)).toEqual([
      'b2b.csv',
      'b2cl.csv',
      'b2cs.csv',
      'exp.csv',
      'cdnr.csv',
      'cdnur.csv',
      'hsn(b2b).csv',
      'hsn(b2c).csv',
      'docs.csv',
    ]);
    expect(gstr1Sections).toHaveLength(files.length);
    for (const file of files) expect(rowsOf(file.name)[0]).toBe(expectedHeaders[file.name]);
  });

  it.each<[string, string[]]>([
    [
      'b2b.csv',
      [
        // The company's name holds a comma, so it is quoted.
        '27AAPFU0939F1ZV,"Mehta Interiors, Pune",KK/26-27/0011,02-Nov-2026,34720.00,27-Maharashtra,N,,Regular B2B,,12,31000.00,0.00',
        // A name that would run as a formula is prefixed with a quote; its quotes are doubled.
        '08ABCPS1234K1ZM,"\'=HYPERLINK(""http://evil.example"",""Invoice"")",KK/26-27/0017,24-Nov-2026,6720.00,08-Rajasthan,N,,Regular B2B,,12,6000.00,0.00',
      ],
    ],
    ['b2cl.csv', ['KK/26-27/0013,12-Nov-2026,134400.00,29-Karnataka,,12,120000.00,0.00,']],
    [
      'b2cs.csv',
      [
        // ₹4,250 (0012) + ₹1,500 (0018) − ₹4,250 (its credit note): the note reduces the row.
        'OE,08-Rajasthan,,12,1500.00,0.00,',
        'OE,24-Gujarat,,12,4500.00,0.00,',
      ],
    ],
    [
      'exp.csv',
      [
        'WOPAY,KK/26-27/0015,20-Nov-2026,55000.00,,,,0,55000.00,0.00',
        'WPAY,KK/26-27/0016,21-Nov-2026,13440.00,,,,12,12000.00,0.00',
      ],
    ],
    [
      'cdnr.csv',
      [
        '27AAPFU0939F1ZV,"Mehta Interiors, Pune",KKC/26-27/0001,25-Nov-2026,C,27-Maharashtra,N,Regular B2B,34720.00,,12,31000.00,0.00',
      ],
    ],
    // The B2C small note is in b2cs, not here.
    ['cdnur.csv', []],
    [
      // The Maharashtra invoice and its credit note cancel out and leave no row.
      'hsn(b2b).csv',
      ['7418,,NOS-NUMBERS,3,6720.00,12,6000.00,0.00,360.00,360.00,0.00'],
    ],
    [
      'hsn(b2c).csv',
      [
        '4420,,NOS-NUMBERS,1,5040.00,12,4500.00,540.00,0.00,0.00,0.00',
        // The export under a LUT, at rate 0, shipping included in the value but not the pieces.
        '6802,,NOS-NUMBERS,1,55000.00,0,55000.00,0.00,0.00,0.00,0.00',
        '6802,,NOS-NUMBERS,1,134400.00,12,120000.00,14400.00,0.00,0.00,0.00',
        '6913,,NOS-NUMBERS,1,1680.00,12,1500.00,0.00,90.00,90.00,0.00',
        '7013,,NOS-NUMBERS,1,13440.00,12,12000.00,1440.00,0.00,0.00,0.00',
      ],
    ],
    [
      'docs.csv',
      [
        'Invoices for outward supply,KK/26-27/0011,KK/26-27/0018,8,0',
        'Credit Note,KKC/26-27/0001,KKC/26-27/0002,2,0',
      ],
    ],
  ])('%s holds its rows', (name, expected) => {
    expect(rowsOf(name).slice(1)).toEqual(expected);
  });
});

describe('gstr1Files: the B2C large limit of ₹1,00,000', () => {
  // ₹89,285.71 at 12% is ₹1,00,000.00 exactly; a paisa more on the piece is ₹1,00,000.01.
  const atLimit = invoice(21, '2026-11-03', consumer('Asha Rao'), karnataka, [
    piece(1, 89_285.71, '6802'),
  ]);
  const aboveLimit = invoice(22, '2026-11-04', consumer('Vikram Rao'), karnataka, [
    piece(1, 89_285.72, '6802'),
  ]);

  it('keeps an inter-state invoice of exactly ₹1,00,000 in b2cs and moves one above it to b2cl', () => {
    expect(atLimit.totalMinor).toBe(10_000_000);
    expect(aboveLimit.totalMinor).toBe(10_000_001);
    const { rowsOf } = filesOf([atLimit, aboveLimit]);
    expect(rowsOf('b2cs.csv').slice(1)).toEqual(['OE,29-Karnataka,,12,89285.71,0.00,']);
    expect(rowsOf('b2cl.csv').slice(1)).toEqual([
      'KK/26-27/0022,04-Nov-2026,100000.01,29-Karnataka,,12,89285.72,0.00,',
    ]);
  });
});

describe('gstr1Files: credit notes to unregistered buyers', () => {
  it('reports notes of B2C large sales and exports in cdnur, with their UR type', () => {
    const { rowsOf } = filesOf([
      creditNote(largeKarnataka, 3, '2026-12-01'),
      creditNote(exportLut, 4, '2026-12-02'),
      creditNote(exportIgst, 5, '2026-12-03'),
    ]);
    expect(rowsOf('cdnur.csv').slice(1)).toEqual([
      'B2CL,KKC/26-27/0003,01-Dec-2026,C,29-Karnataka,134400.00,,12,120000.00,0.00',
      'EXPWOP,KKC/26-27/0004,02-Dec-2026,C,,55000.00,,0,55000.00,0.00',
      'EXPWP,KKC/26-27/0005,03-Dec-2026,C,,13440.00,,12,12000.00,0.00',
    ]);
    // Their invoices were in November: December's HSN summary goes below zero.
    expect(rowsOf('hsn(b2c).csv').slice(1)).toEqual([
      '6802,,NOS-NUMBERS,-1,-55000.00,0,-55000.00,0.00,0.00,0.00,0.00',
      '6802,,NOS-NUMBERS,-1,-134400.00,12,-120000.00,-14400.00,0.00,0.00,0.00',
      '7013,,NOS-NUMBERS,-1,-13440.00,12,-12000.00,-1440.00,0.00,0.00,0.00',
    ]);
  });

  it('writes a b2cs row below zero for a month with only the credit note of a small sale', () => {
    const { rowsOf } = filesOf([creditNote(smallRajasthan, 6, '2026-12-05')]);
    // Negative amounts are numbers, not formulas: no quote is put before them.
    expect(rowsOf('b2cs.csv').slice(1)).toEqual(['OE,08-Rajasthan,,12,-4250.00,0.00,']);
    expect(rowsOf('cdnur.csv').slice(1)).toEqual([]);
  });
});

describe('gstr1Files: documents issued (Table 13)', () => {
  it('runs from the lowest counter to the highest, past 9999, and counts each series apart', () => {
    const documents = [10_000, 9_998, 9_999].map((counter) =>
      invoice(counter, '2026-11-10', consumer('Buyer'), rajasthan, [piece(1, 100, '6802')]),
    );
    const renamedPrefix = invoiceContent({
      number: 'KR/26-27/0001',
      issuedOn: '2026-11-11',
      financialYear: '26-27',
      orderNumber: 'KK-1',
      seller,
      buyer: consumer('Buyer'),
      supply: rajasthan,
      lines: [piece(1, 100, '6802')],
      discountMinor: 0,
      shippingMinor: 0,
      gstRateBasisPoints: 1200,
      payments: [],
      approximateTotal: null,
    });
    const { rowsOf } = filesOf([...documents, renamedPrefix]);
    expect(rowsOf('docs.csv').slice(1)).toEqual([
      'Invoices for outward supply,KK/26-27/9998,KK/26-27/10000,3,0',
      'Invoices for outward supply,KR/26-27/0001,KR/26-27/0001,1,0',
    ]);
  });

  it('writes the headers alone for a period without documents', () => {
    const { files, rowsOf } = filesOf([]);
    for (const file of files) expect(rowsOf(file.name)).toEqual([expectedHeaders[file.name]]);
  });
});

describe('the cells as the tool writes them', () => {
  it.each([
    ['08', '08-Rajasthan'],
    ['27', '27-Maharashtra'],
    ['01', '01-Jammu & Kashmir'],
    ['26', '26-Dadra & Nagar Haveli & Daman & Diu'],
    // The tool's own spelling, which its drop-down checks against.
    ['31', '31-Lakshdweep'],
    ['35', '35-Andaman & Nicobar Islands'],
    ['97', '97-Other Territory'],
  ] as const)('place of supply %s is %s', (code, cell) => {
    expect(gstr1PlaceOfSupply(code)).toBe(cell);
  });

  it('writes rates as whole percent and days as dd-mmm-yyyy', () => {
    expect([1200, 250, 1800, 0].map(gstr1Rate)).toEqual(['12', '2.5', '18', '0']);
    expect(gstr1Date('2026-01-09')).toBe('09-Jan-2026');
    expect(() => gstr1Date('29/11/2026')).toThrow(RangeError);
  });
});
