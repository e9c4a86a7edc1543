/**
 * The view model: an invoice as localised sections of labelled values and tables, built once
 * from the semantic model and drawn by both the HTML and the PDF renderer, so both show the same
 * terms in the same order. Every string is final text (labels translated, codes named, amounts
 * and dates formatted); renderers only lay it out and escape it.
 * @module
 */
import type { Language } from './i18n/index.js'

/** One labelled value. `bt` is the business term id(s), shown in the HTML as a hint. */
export type ViewField = { label: string; value: string; bt?: string | undefined }

export type ViewColumn = { label: string; numeric?: boolean | undefined }

/** A table; every row has one cell per column ('' for an empty cell). */
export type ViewTable = { caption?: string | undefined; columns: ViewColumn[]; rows: string[][] }

export type ViewSection = {
  /** Stable id (HTML anchor): `seller`, `line-3` ... */
  id: string
  title: string
  /** 2 for the main parts, 3 for their subsections. */
  level: 2 | 3
  fields: ViewField[]
  tables: ViewTable[]
}

export type InvoiceView = {
  language: Language
  /** Document title: type name and invoice number. */
  title: string
  sections: ViewSection[]
  /** Labels the layout itself needs (page numbers, the footer). */
  page: { pageOf: string; generatedBy: string }
}

/** Collects fields, skipping absent and empty values (the view shows what the document has). */
export class FieldList {
  readonly fields: ViewField[] = []

  add(label: string, value: string | undefined, bt?: string): this {
    if (value === undefined || value.trim() === '') return this
    this.fields.push(bt === undefined ? { label, value } : { label, value, bt })
    return this
  }

  addAll(fields: readonly ViewField[]): this {
    this.fields.push(...fields)
    return this
  }
}

/** A section, or undefined when it would be empty (empty sections are left out). */
export function section(
  id: string,
  title: string,
  level: 2 | 3,
  fields: readonly ViewField[],
  tables: readonly (ViewTable | undefined)[] = [],
): ViewSection | undefined {
  const present = tables.filter((t): t is ViewTable => t !== undefined && t.rows.length > 0)
  if (fields.length === 0 && present.length === 0) return undefined
  return { id, title, level, fields: [...fields], tables: present }
}

/** A table, or undefined without rows; columns that are empty in every row are dropped. */
export function table(columns: readonly ViewColumn[], rows: readonly (readonly (string | undefined)[])[], caption?: string): ViewTable | undefined {
  if (rows.length === 0) return undefined
  const keep = columns.map((_, i) => rows.some((r) => (r[i] ?? '').trim() !== ''))
  const t: ViewTable = {
    columns: columns.filter((_, i) => keep[i] === true),
    rows: rows.map((r) => columns.map((_, i) => r[i] ?? '').filter((_, i) => keep[i] === true)),
  }
  if (caption !== undefined) t.caption = caption
  return t
}
