/**
 * German and French names of the code values invoices use most, as data. Codes not listed here
 * fall back to the code list's English name (src/model/codelists), then to the bare code.
 * Wording follows the German and French editions of the lists where they exist (UNTDID, UN/ECE
 * Rec 20, ISO 3166 short names) and the KoSIT visualisation's German labels.
 * @module
 */

/** The code lists the views name, by the key used in `codeName`. */
export type CodeListKey =
  | 'documentType'
  | 'vatCategory'
  | 'unit'
  | 'paymentMeans'
  | 'country'
  | 'vatDate'
  | 'allowanceReason'
  | 'chargeReason'
  | 'vatex'
  | 'textSubject'
  | 'currency'

export type CodeNames = Readonly<Partial<Record<CodeListKey, Readonly<Record<string, string>>>>>

// prettier-ignore
export const DE_CODE_NAMES: CodeNames = {
  documentType: {
    '71': 'Zahlungsanforderung', '80': 'Belastungsanzeige (Waren oder Dienstleistungen)', '81': 'Gutschrift (Waren oder Dienstleistungen)',
    '82': 'Rechnung über Messdienstleistungen', '83': 'Gutschrift (finanzielle Korrektur)', '84': 'Belastungsanzeige (finanzielle Korrektur)',
    '261': 'Selbstfakturierte Gutschrift', '262': 'Sammelgutschrift', '295': 'Preisänderungsrechnung', '296': 'Gutschrift für Preisänderung',
    '325': 'Proformarechnung', '326': 'Teilrechnung', '380': 'Handelsrechnung', '381': 'Gutschrift', '383': 'Belastungsanzeige',
    '384': 'Rechnungskorrektur', '385': 'Konsolidierte Rechnung', '386': 'Vorauszahlungsrechnung', '387': 'Mietrechnung',
    '388': 'Steuerrechnung', '389': 'Selbst ausgestellte Rechnung (Gutschriftsverfahren)', '393': 'Factoring-Rechnung',
    '394': 'Leasingrechnung', '395': 'Konsignationsrechnung', '396': 'Factoring-Gutschrift', '457': 'Storno einer Belastung',
    '527': 'Selbst ausgestellte Belastungsanzeige', '532': 'Gutschrift des Spediteurs', '553': 'Rechnung des Reisebüros',
    '575': 'Versicherungsrechnung', '623': 'Speditionsrechnung', '633': 'Hafenkostenrechnung', '751': 'Rechnungsinformation für Buchungszwecke',
    '780': 'Frachtrechnung', '817': 'Reklamationsrechnung', '870': 'Konsularrechnung', '875': 'Teilrechnung für Bauleistungen',
    '876': 'Teilschlussrechnung für Bauleistungen', '877': 'Schlussrechnung für Bauleistungen', '935': 'Zollrechnung',
    '220': 'Bestellung', '230': 'Bestelländerung', '231': 'Bestellantwort',
  },
  vatCategory: {
    S: 'Umsatzsteuer fällt mit Normalsatz an', Z: 'nach dem Nullsatz zu versteuernde Waren', E: 'Steuerbefreit',
    AE: 'Umkehrung der Steuerschuldnerschaft', K: 'Kein Ausweis der Umsatzsteuer bei innergemeinschaftlichen Lieferungen',
    G: 'Steuer nicht erhoben aufgrund von Export außerhalb der EU', O: 'Außerhalb des Steueranwendungsbereichs',
    L: 'IGIC (Kanarische Inseln)', M: 'IPSI (Ceuta/Melilla)', B: 'Steuerschuld übertragen (Italien)',
  },
  unit: {
    C62: 'Stück', H87: 'Stück', XPP: 'Stück', EA: 'Stück', HUR: 'Stunde', MIN: 'Minute', SEC: 'Sekunde', DAY: 'Tag', WEE: 'Woche',
    MON: 'Monat', ANN: 'Jahr', KGM: 'Kilogramm', GRM: 'Gramm', TNE: 'Tonne', MTR: 'Meter', KMT: 'Kilometer', CMT: 'Zentimeter',
    MMT: 'Millimeter', MTK: 'Quadratmeter', MTQ: 'Kubikmeter', LTR: 'Liter', MLT: 'Milliliter', KWH: 'Kilowattstunde',
    LS: 'Pauschale', SET: 'Satz', P1: 'Prozent', PR: 'Paar', XBX: 'Karton', XPK: 'Packung', XCT: 'Karton', XPA: 'Päckchen',
    XBO: 'Flasche', XPX: 'Palette', E48: 'Serviceeinheit', '1I': 'Festbetrag', ZZ: 'gegenseitig definiert',
  },
  paymentMeans: {
    '1': 'Nicht definiert', '10': 'Barzahlung', '20': 'Scheck', '30': 'Überweisung', '31': 'Überweisung', '42': 'Zahlung auf Bankkonto',
    '48': 'Bankkarte', '49': 'Lastschrift', '54': 'Kreditkarte', '55': 'Debitkarte', '57': 'Dauerauftrag',
    '58': 'SEPA-Überweisung', '59': 'SEPA-Lastschrift', '97': 'Verrechnung', ZZZ: 'gegenseitig vereinbart',
  },
  country: {
    DE: 'Deutschland', AT: 'Österreich', CH: 'Schweiz', FR: 'Frankreich', BE: 'Belgien', NL: 'Niederlande', LU: 'Luxemburg',
    IT: 'Italien', ES: 'Spanien', PT: 'Portugal', GB: 'Vereinigtes Königreich', IE: 'Irland', DK: 'Dänemark', SE: 'Schweden',
    NO: 'Norwegen', FI: 'Finnland', PL: 'Polen', CZ: 'Tschechien', SK: 'Slowakei', HU: 'Ungarn', SI: 'Slowenien', HR: 'Kroatien',
    RO: 'Rumänien', BG: 'Bulgarien', GR: 'Griechenland', CY: 'Zypern', MT: 'Malta', EE: 'Estland', LV: 'Lettland', LT: 'Litauen',
    LI: 'Liechtenstein', IS: 'Island', US: 'Vereinigte Staaten', CA: 'Kanada', CN: 'China', JP: 'Japan', TR: 'Türkei',
  },
  vatDate: { '3': 'Rechnungsdatum', '5': 'Rechnungsdatum', '29': 'Lieferdatum', '35': 'Lieferdatum (tatsächlich)', '72': 'Zahlungsdatum', '432': 'Zahlungsdatum' },
  allowanceReason: {
    '41': 'Bonus für vorzeitige Arbeiten', '42': 'Sonstiger Bonus', '60': 'Herstellerrabatt für Verbraucher', '62': 'Aufgrund militärischen Status',
    '63': 'Aufgrund eines Arbeitsunfalls', '64': 'Sondervereinbarung', '65': 'Rabatt für Produktionsfehler', '66': 'Rabatt für neue Verkaufsstelle',
    '67': 'Musterrabatt', '68': 'Rabatt für Ende des Sortiments', '70': 'Incoterm-Rabatt', '71': 'Point-of-Sale-Rabatt',
    '88': 'Materialzuschlag/-abschlag', '95': 'Rabatt', '100': 'Sonderrabatt', '102': 'Langfristig festgelegt', '103': 'Vorübergehend',
    '104': 'Standard', '105': 'Jahresumsatz',
  },
  chargeReason: {
    AA: 'Werbung', ABL: 'Zusätzliche Verpackung', ADR: 'Sonstige Dienstleistungen', ADT: 'Abholung', FC: 'Frachtkosten',
    FI: 'Finanzierung', LA: 'Etikettierung', PC: 'Verpackung', SAA: 'Versand und Handling',
  },
  currency: {
    EUR: 'Euro', USD: 'US-Dollar', GBP: 'Pfund Sterling', CHF: 'Schweizer Franken', NOK: 'Norwegische Krone', SEK: 'Schwedische Krone',
    DKK: 'Dänische Krone', PLN: 'Złoty', CZK: 'Tschechische Krone', HUF: 'Forint', JPY: 'Yen', CAD: 'Kanadischer Dollar', CNY: 'Renminbi Yuan',
  },
  textSubject: {
    AAA: 'Warenbeschreibung', AAB: 'Zahlungsbedingungen', AAC: 'Gefahrgut', AAI: 'Allgemeine Information', AAJ: 'Zusätzliche Konditionen',
    ABL: 'Regulatorische Informationen', ACB: 'Zusätzliche Information', ADU: 'Anmerkung', PMT: 'Zahlungsinformation',
    REG: 'Regulatorische Informationen', SUR: 'Anmerkungen des Lieferanten', TXD: 'Steuerliche Angaben',
  },
}

// prettier-ignore
export const FR_CODE_NAMES: CodeNames = {
  documentType: {
    '71': 'Demande de paiement', '80': 'Note de débit (biens ou services)', '81': 'Avoir (biens ou services)',
    '82': 'Facture de services mesurés', '83': 'Avoir (ajustement financier)', '84': 'Note de débit (ajustement financier)',
    '261': 'Avoir autofacturé', '262': 'Avoir consolidé', '295': 'Facture de variation de prix', '296': 'Avoir de variation de prix',
    '325': 'Facture proforma', '326': 'Facture partielle', '380': 'Facture commerciale', '381': 'Avoir', '383': 'Note de débit',
    '384': 'Facture rectificative', '385': 'Facture consolidée', '386': "Facture d'acompte", '387': 'Facture de location',
    '388': 'Facture fiscale', '389': 'Facture autofacturée', '393': "Facture d'affacturage", '394': 'Facture de crédit-bail',
    '395': 'Facture de consignation', '396': "Avoir d'affacturage", '751': 'Information de facture pour comptabilisation',
    '780': 'Facture de fret', '875': 'Facture partielle de travaux', '876': 'Facture partielle finale de travaux',
    '877': 'Facture finale de travaux', '220': 'Commande', '230': 'Modification de commande', '231': 'Réponse à commande',
  },
  vatCategory: {
    S: 'Taux normal', Z: 'Taux zéro', E: 'Exonéré de TVA', AE: 'Autoliquidation', K: 'Livraison intracommunautaire exonérée',
    G: 'Exportation hors UE, TVA non appliquée', O: 'Hors du champ de la TVA', L: 'IGIC (îles Canaries)', M: 'IPSI (Ceuta et Melilla)',
    B: 'TVA transférée (Italie)',
  },
  unit: {
    C62: 'unité', H87: 'pièce', XPP: 'pièce', EA: 'unité', HUR: 'heure', MIN: 'minute', SEC: 'seconde', DAY: 'jour', WEE: 'semaine',
    MON: 'mois', ANN: 'année', KGM: 'kilogramme', GRM: 'gramme', TNE: 'tonne', MTR: 'mètre', KMT: 'kilomètre', CMT: 'centimètre',
    MMT: 'millimètre', MTK: 'mètre carré', MTQ: 'mètre cube', LTR: 'litre', MLT: 'millilitre', KWH: 'kilowattheure',
    LS: 'forfait', SET: 'lot', P1: 'pour cent', PR: 'paire', XBX: 'boîte', XPK: 'paquet', XCT: 'carton', XPA: 'paquet',
    XBO: 'bouteille', XPX: 'palette', E48: 'unité de service', '1I': 'montant fixe', ZZ: 'défini mutuellement',
  },
  paymentMeans: {
    '1': 'Non défini', '10': 'Espèces', '20': 'Chèque', '30': 'Virement', '31': 'Virement', '42': 'Paiement sur compte bancaire',
    '48': 'Carte bancaire', '49': 'Prélèvement', '54': 'Carte de crédit', '55': 'Carte de débit', '57': 'Ordre permanent',
    '58': 'Virement SEPA', '59': 'Prélèvement SEPA', '97': 'Compensation', ZZZ: 'Défini mutuellement',
  },
  country: {
    DE: 'Allemagne', AT: 'Autriche', CH: 'Suisse', FR: 'France', BE: 'Belgique', NL: 'Pays-Bas', LU: 'Luxembourg', IT: 'Italie',
    ES: 'Espagne', PT: 'Portugal', GB: 'Royaume-Uni', IE: 'Irlande', DK: 'Danemark', SE: 'Suède', NO: 'Norvège', FI: 'Finlande',
    PL: 'Pologne', CZ: 'Tchéquie', SK: 'Slovaquie', HU: 'Hongrie', SI: 'Slovénie', HR: 'Croatie', RO: 'Roumanie', BG: 'Bulgarie',
    GR: 'Grèce', CY: 'Chypre', MT: 'Malte', EE: 'Estonie', LV: 'Lettonie', LT: 'Lituanie', LI: 'Liechtenstein', IS: 'Islande',
    US: 'États-Unis', CA: 'Canada', CN: 'Chine', JP: 'Japon', TR: 'Turquie', MC: 'Monaco',
  },
  vatDate: { '3': 'Date de facture', '5': 'Date de facture', '29': 'Date de livraison', '35': 'Date de livraison effective', '72': 'Date de paiement', '432': 'Date de paiement' },
  allowanceReason: {
    '41': 'Prime pour travaux anticipés', '42': 'Autre prime', '60': 'Remise fabricant au consommateur', '64': 'Accord spécial',
    '65': 'Remise pour défaut de production', '66': 'Remise nouveau point de vente', '67': 'Remise échantillon', '68': 'Remise fin de gamme',
    '70': 'Remise Incoterm', '71': 'Remise point de vente', '88': 'Supplément/remise matière', '95': 'Remise', '100': 'Rabais spécial',
    '102': 'Fixe à long terme', '103': 'Temporaire', '104': 'Standard', '105': "Chiffre d'affaires annuel",
  },
  chargeReason: {
    AA: 'Publicité', ABL: 'Emballage supplémentaire', ADR: 'Autres services', ADT: 'Enlèvement', FC: 'Frais de transport',
    FI: 'Financement', LA: 'Étiquetage', PC: 'Emballage', SAA: 'Expédition et manutention',
  },
  currency: {
    EUR: 'Euro', USD: 'Dollar des États-Unis', GBP: 'Livre sterling', CHF: 'Franc suisse', NOK: 'Couronne norvégienne', SEK: 'Couronne suédoise',
    DKK: 'Couronne danoise', PLN: 'Złoty', CZK: 'Couronne tchèque', HUF: 'Forint', JPY: 'Yen', CAD: 'Dollar canadien', CNY: 'Yuan renminbi',
  },
  textSubject: {
    AAA: 'Description des marchandises', AAB: 'Conditions de paiement', AAI: 'Information générale', AAJ: 'Conditions supplémentaires',
    ABL: 'Informations réglementaires', ACB: 'Information supplémentaire', ADU: 'Note', PMT: 'Information de paiement',
    REG: 'Informations réglementaires', SUR: 'Remarques du fournisseur', TXD: 'Informations fiscales',
  },
}
