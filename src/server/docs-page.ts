/**
 * The API docs page: a self-made HTML page rendered from the OpenAPI document, with its one
 * stylesheet served by this server (no CDN, works air-gapped).
 * @module
 */

type JsonObject = Record<string, unknown>

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const esc = (text: unknown): string => String(text).replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch)

export const DOCS_CSS = `body{font:15px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:2rem;border-top:1px solid #ddd;padding-top:1rem}
code,.path{font-family:ui-monospace,monospace}.m{display:inline-block;min-width:3.5rem;font-weight:600}
.GET{color:#0a6}.POST{color:#06c}.dep{color:#a00}table{border-collapse:collapse;margin:.4rem 0}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}`

function rows(items: readonly string[][]): string {
  return items.map((r) => `<tr>${r.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')
}

function section(path: string, method: string, op: JsonObject): string {
  const params = (op['parameters'] as JsonObject[] | undefined) ?? []
  const paramRows = params.map((p) => [
    `<code>${esc(p['name'])}</code>`,
    esc(p['in']),
    p['required'] === true ? 'required' : 'optional',
    esc((p['schema'] as JsonObject | undefined)?.['type'] ?? ''),
    esc(p['description'] ?? ''),
  ])
  const body = op['requestBody'] as JsonObject | undefined
  const bodyTypes = body === undefined ? [] : Object.entries(body['content'] as JsonObject)
  const bodyText = bodyTypes
    .map(([type, media]) => {
      const props = ((media as JsonObject)['schema'] as JsonObject | undefined)?.['properties'] as JsonObject | undefined
      return `<code>${esc(type)}</code>${props === undefined ? '' : ': fields ' + Object.keys(props).map((f) => `<code>${esc(f)}</code>`).join(', ')}`
    })
    .join('<br>')
  const responses = op['responses'] as Record<string, JsonObject>
  const responseRows = Object.entries(responses).map(([status, r]) => [
    status,
    Object.keys((r['content'] as JsonObject | undefined) ?? {}).map((t) => `<code>${esc(t)}</code>`).join(', '),
    esc(r['description'] ?? ''),
  ])
  return `<h2><span class="m ${esc(method.toUpperCase())}">${esc(method.toUpperCase())}</span> <span class="path">${esc(path)}</span>
${op['deprecated'] === true ? ' <span class="dep">deprecated</span>' : ''}</h2>
<p>${esc(op['summary'] ?? '')} (operation <code>${esc(op['operationId'])}</code>)</p>
<table><tr><th>parameter</th><th>in</th><th></th><th>type</th><th>description</th></tr>${rows(paramRows)}</table>
${bodyText === '' ? '' : `<p>Body: ${bodyText}</p>`}
<table><tr><th>status</th><th>media type</th><th>meaning</th></tr>${rows(responseRows)}</table>`
}

/** @param doc the OpenAPI document; @param basePath where openapi.json and the stylesheet live. */
export function docsPage(doc: JsonObject, basePath: string): string {
  const info = doc['info'] as JsonObject
  const paths = doc['paths'] as Record<string, Record<string, JsonObject>>
  const sections = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => section(basePath + path, m, op)))
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(info['title'])}</title>
<link rel="stylesheet" href="${esc(basePath)}/docs/style.css"></head><body>
<h1>${esc(info['title'])} v${esc(info['version'])}</h1>
<p>${esc(info['description'] ?? '')} Machine-readable: <a href="${esc(basePath)}/openapi.json">openapi.json</a>.</p>
<p>Every endpoint needs an API key: <code>Authorization: Bearer &lt;key&gt;</code> or <code>apikey: &lt;key&gt;</code>.</p>
${sections.join('\n')}
</body></html>
`
}
