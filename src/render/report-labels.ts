/**
 * The labels of the validation-report PDF in English, German and French (data, keyed alike).
 * Mustang's report PDF is German only (issue #1068 asks for more); einvoice offers all three.
 * @module
 */
import type { Language } from './i18n/index.js'

export type ReportLabels = {
  title: string
  file: string
  date: string
  verdict: string
  valid: string
  invalid: string
  accept: string
  reject: string
  pdfPart: string
  xmlPart: string
  overall: string
  profile: string
  noMessages: string
  severity: Readonly<Record<'error' | 'fatal' | 'warning' | 'notice' | 'exception', string>>
  rule: string
  location: string
  section: string
  pageOf: string
  messages: string
}

const EN: ReportLabels = {
  title: 'Validation report',
  file: 'File',
  date: 'Validated on',
  verdict: 'Result',
  valid: 'valid',
  invalid: 'invalid',
  accept: 'It is recommended to accept the document.',
  reject: 'It is recommended to reject the document.',
  pdfPart: 'PDF part',
  xmlPart: 'XML part',
  overall: 'Document',
  profile: 'Profile',
  noMessages: 'No findings.',
  severity: { error: 'Error', fatal: 'Fatal error', warning: 'Warning', notice: 'Notice', exception: 'Exception' },
  rule: 'Rule',
  location: 'Location',
  section: 'Section',
  pageOf: 'Page {page} of {pages}',
  messages: 'Findings',
}

const DE: ReportLabels = {
  title: 'Prüfbericht',
  file: 'Datei',
  date: 'Geprüft am',
  verdict: 'Bewertung',
  valid: 'gültig',
  invalid: 'ungültig',
  accept: 'Es wird empfohlen, das Dokument anzunehmen.',
  reject: 'Es wird empfohlen, das Dokument zurückzuweisen.',
  pdfPart: 'PDF-Teil',
  xmlPart: 'XML-Teil',
  overall: 'Dokument',
  profile: 'Profil',
  noMessages: 'Keine Befunde.',
  severity: { error: 'Fehler', fatal: 'Schwerer Fehler', warning: 'Warnung', notice: 'Hinweis', exception: 'Ausnahme' },
  rule: 'Regel',
  location: 'Ort',
  section: 'Abschnitt',
  pageOf: 'Seite {page} von {pages}',
  messages: 'Befunde',
}

const FR: ReportLabels = {
  title: 'Rapport de validation',
  file: 'Fichier',
  date: 'Validé le',
  verdict: 'Résultat',
  valid: 'valide',
  invalid: 'non valide',
  accept: 'Il est recommandé d’accepter le document.',
  reject: 'Il est recommandé de rejeter le document.',
  pdfPart: 'Partie PDF',
  xmlPart: 'Partie XML',
  overall: 'Document',
  profile: 'Profil',
  noMessages: 'Aucune constatation.',
  severity: { error: 'Erreur', fatal: 'Erreur fatale', warning: 'Avertissement', notice: 'Remarque', exception: 'Exception' },
  rule: 'Règle',
  location: 'Emplacement',
  section: 'Section',
  pageOf: 'Page {page} sur {pages}',
  messages: 'Constatations',
}

const TABLES: Readonly<Record<Language, ReportLabels>> = { EN, DE, FR }

export function reportLabels(language: Language): ReportLabels {
  return TABLES[language]
}
