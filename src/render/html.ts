/**
 * The view model → one self-contained HTML document: inline CSS, no script, no external
 * resource (a Content-Security-Policy meta forbids both), headings per section, field lists as
 * row-headed tables and data tables with column headers. Every value goes through `escapeHtml`.
 * @module
 */
import { HTML_STYLE } from './html-style.js'
import { LANGUAGE_TAGS } from './i18n/index.js'
import type { InvoiceView, ViewField, ViewSection, ViewTable } from './view-types.js'

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for element content and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch)
}

function fieldsHtml(fields: readonly ViewField[]): string {
  if (fields.length === 0) return ''
  const rows = fields.map((f) => {
    const bt = f.bt === undefined ? '' : `<span class="bt">${escapeHtml(f.bt)}</span>`
    return `<tr><th scope="row">${escapeHtml(f.label)}${bt}</th><td>${escapeHtml(f.value)}</td></tr>`
  })
  return `<table class="fields"><tbody>${rows.join('')}</tbody></table>`
}

function tableHtml(t: ViewTable): string {
  const cls = (numeric: boolean | undefined): string => (numeric === true ? ' class="num"' : '')
  const caption = t.caption === undefined ? '' : `<caption>${escapeHtml(t.caption)}</caption>`
  const head = t.columns.map((c) => `<th scope="col"${cls(c.numeric)}>${escapeHtml(c.label)}</th>`).join('')
  const body = t.rows
    .map((r) => `<tr>${r.map((cell, i) => `<td${cls(t.columns[i]?.numeric)}>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('')
  return `<table>${caption}<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`
}

function sectionHtml(s: ViewSection): string {
  const h = `h${s.level}`
  const id = escapeHtml(s.id)
  // A table whose caption repeats the section title would say it twice.
  const tables = s.tables.map((t) => tableHtml(t.caption === s.title ? { columns: t.columns, rows: t.rows } : t)).join('')
  return `<section id="${id}" class="l${s.level}" aria-labelledby="${id}-h"><${h} id="${id}-h">${escapeHtml(s.title)}</${h}>${fieldsHtml(s.fields)}${tables}</section>`
}

/** The complete HTML document of a view. */
export function renderHtml(view: InvoiceView): string {
  const lang = LANGUAGE_TAGS[view.language]
  const body = view.sections.map(sectionHtml).join('\n')
  return (
    `<!DOCTYPE html>\n<html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="generator" content="einvoice">` +
    `<title>${escapeHtml(view.title)}</title><style>${HTML_STYLE}</style></head>\n` +
    `<body><main><h1>${escapeHtml(view.title)}</h1>\n${body}\n<footer>${escapeHtml(view.page.generatedBy)}</footer></main></body></html>\n`
  )
}
