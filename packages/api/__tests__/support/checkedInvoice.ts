// Session 22, health (split from einvoice.test.ts): an XRechnung (CII) parsed, with every mandatory business term of
// the German CIUS asserted and its totals added up as EN 16931 computes them.
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import { XRECHNUNG_GUIDELINE } from '../../src/einvoice/ciiParts';
import { SELLER_CONTACT } from './eInvoiceWorld';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: false,
  isArray: (name) =>
    [
      'ram:IncludedSupplyChainTradeLineItem',
      'ram:SpecifiedTradeAllowanceCharge',
      'ram:IncludedNote',
    ].includes(name),
});
// biome-ignore lint/suspicious/noExplicitAny: a parsed XML tree is checked term by term below.
export type Tree = any;
export const text = (node: Tree): string =>
  typeof node === 'object' && node !== null ? node['#text'] : node;
const cents = (node: Tree) => {
  const value = text(node);
  expect(value).toMatch(/^-?\d+\.\d{2}$/); // EN 16931 amounts: two decimals
  return Math.round(Number(value) * 100);
};

/** The parsed invoice with every mandatory XRechnung term asserted; answers the tree. */
export function checkedInvoice(xml: string): Tree {
  const root = parser.parse(xml)['rsm:CrossIndustryInvoice'];
  expect(root).toBeDefined();
  const context = root['rsm:ExchangedDocumentContext'];
  expect(context['ram:GuidelineSpecifiedDocumentContextParameter']['ram:ID']).toBe(XRECHNUNG_GUIDELINE); // BT-24
  expect(context['ram:BusinessProcessSpecifiedDocumentContextParameter']['ram:ID']).toBeTruthy(); // BT-23
  const doc = root['rsm:ExchangedDocument'];
  expect(doc['ram:ID']).toMatch(/^(RE|RK)-\d{4}-\d{6}$/); // BT-1
  expect(doc['ram:TypeCode']).toBe(doc['ram:ID'].startsWith('RE') ? '380' : '381'); // BT-3, BR-DE-17
  expect(doc['ram:IssueDateTime']['udt:DateTimeString']['@format']).toBe('102'); // BT-2
  const trade = root['rsm:SupplyChainTradeTransaction'];
  const agreement = trade['ram:ApplicableHeaderTradeAgreement'];
  expect(agreement['ram:BuyerReference']).toBeTruthy(); // BT-10, BR-DE-15
  const seller = agreement['ram:SellerTradeParty'];
  expect(seller['ram:Name']).toBeTruthy(); // BT-27
  const contact = seller['ram:DefinedTradeContact']; // BG-6, BR-DE-2
  expect(contact['ram:PersonName']).toBe(SELLER_CONTACT.contact_name); // BT-41, BR-DE-5
  expect(contact['ram:TelephoneUniversalCommunication']['ram:CompleteNumber']).toBeTruthy(); // BT-42, BR-DE-6
  expect(contact['ram:EmailURIUniversalCommunication']['ram:URIID']).toContain('@'); // BT-43, BR-DE-7
  expect(seller['ram:PostalTradeAddress']['ram:CityName']).toBeTruthy(); // BT-37, BR-DE-3
  expect(seller['ram:PostalTradeAddress']['ram:PostcodeCode']).toBeTruthy(); // BT-38, BR-DE-4
  expect(seller['ram:PostalTradeAddress']['ram:CountryID']).toBe('DE'); // BT-40
  expect(seller['ram:URIUniversalCommunication']['ram:URIID']['@schemeID']).toBe('EM'); // BT-34
  expect(text(seller['ram:URIUniversalCommunication']['ram:URIID'])).toContain('@');
  expect(seller['ram:SpecifiedTaxRegistration']['ram:ID']['@schemeID']).toBe('VA'); // BT-31, BR-DE-16
  const buyer = agreement['ram:BuyerTradeParty'];
  expect(buyer['ram:Name']).toBeTruthy(); // BT-44
  expect(buyer['ram:PostalTradeAddress']['ram:CityName']).toBeTruthy(); // BT-52, BR-DE-8
  expect(buyer['ram:PostalTradeAddress']['ram:PostcodeCode']).toBeTruthy(); // BT-53, BR-DE-9
  expect(buyer['ram:URIUniversalCommunication']['ram:URIID']['@schemeID']).toBe('EM'); // BT-49
  const settlement = trade['ram:ApplicableHeaderTradeSettlement'];
  expect(settlement['ram:InvoiceCurrencyCode']).toBe('EUR'); // BT-5
  expect(settlement['ram:SpecifiedTradeSettlementPaymentMeans']['ram:TypeCode']).toMatch(/^\d+$/); // BT-81, BR-DE-1
  expect(settlement['ram:SpecifiedTradePaymentTerms']['ram:Description']).toBeTruthy(); // BT-20

  // The totals (BT-106 to BT-115) add up as EN 16931 computes them (BR-CO-10, -11, -12, -13, -15, -16).
  const lines = trade['ram:IncludedSupplyChainTradeLineItem'] as Tree[];
  const lineNets = lines.map((l) => {
    expect(l['ram:SpecifiedLineTradeSettlement']['ram:ApplicableTradeTax']['ram:CategoryCode']).toBe('S');
    expect(Number(l['ram:SpecifiedLineTradeDelivery']['ram:BilledQuantity']['#text'])).toBeGreaterThan(0);
    return cents(
      l['ram:SpecifiedLineTradeSettlement']['ram:SpecifiedTradeSettlementLineMonetarySummation'][
        'ram:LineTotalAmount'
      ],
    );
  });
  const charges = (settlement['ram:SpecifiedTradeAllowanceCharge'] ?? []) as Tree[];
  const sumOf = (charge: boolean) =>
    charges
      .filter((c) => c['ram:ChargeIndicator']['udt:Indicator'] === String(charge))
      .reduce((sum, c) => sum + cents(c['ram:ActualAmount']), 0);
  const totals = settlement['ram:SpecifiedTradeSettlementHeaderMonetarySummation'];
  const t = {
    lines: cents(totals['ram:LineTotalAmount']),
    charges: cents(totals['ram:ChargeTotalAmount'] ?? '0.00'),
    allowances: cents(totals['ram:AllowanceTotalAmount'] ?? '0.00'),
    basis: cents(totals['ram:TaxBasisTotalAmount']),
    tax: cents(totals['ram:TaxTotalAmount']),
    grand: cents(totals['ram:GrandTotalAmount']),
    prepaid: cents(totals['ram:TotalPrepaidAmount']),
    due: cents(totals['ram:DuePayableAmount']),
  };
  expect(totals['ram:TaxTotalAmount']['@currencyID']).toBe('EUR');
  expect(t.lines).toBe(lineNets.reduce((a, b) => a + b, 0)); // BR-CO-10
  expect(t.allowances).toBe(sumOf(false)); // BR-CO-11
  expect(t.charges).toBe(sumOf(true)); // BR-CO-12
  expect(t.basis).toBe(t.lines - t.allowances + t.charges); // BR-CO-13
  expect(t.grand).toBe(t.basis + t.tax); // BR-CO-15
  expect(t.due).toBe(t.grand - t.prepaid); // BR-CO-16
  expect(t.due).toBe(0); // paid
  const vat = settlement['ram:ApplicableTradeTax'];
  expect(vat['ram:CategoryCode']).toBe('S');
  expect(cents(vat['ram:BasisAmount'])).toBe(t.basis); // BR-S-08
  expect(cents(vat['ram:CalculatedAmount'])).toBe(t.tax); // BR-CO-14
  // BR-S-09 (EN 16931 schematron 1.3.x: within one unit): here within one cent of basis × rate.
  expect(
    Math.abs(t.tax - Math.round((t.basis * Number(vat['ram:RateApplicablePercent'])) / 100)),
  ).toBeLessThanOrEqual(1);
  return { root, totals: t, lines, charges };
}
