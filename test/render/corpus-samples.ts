/** Corpus invoices the render tests check value by value: CII (EN 16931, XRechnung, EXTENDED), UBL Invoice and CreditNote, ZUGFeRD 1. */
export const SAMPLE_FILES: readonly string[] = [
  'cen-en16931/cii/examples/CII_business_example_01.xml',
  'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.02a-INVOICE_uncefact.xml',
  'mustang/validator/src/test/resources/UC10_F202600004_EXTENDED_FX_CII_Commentee.xml',
  'cen-en16931/test/testfiles/CreditNote-Max_content.xml',
  'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.02a-INVOICE_ubl.xml',
  'mustang/library/src/test/resources/migration/input/ZUGFeRD1_EXTENDED_Warenrechnung.xml',
]
