/**
 * The inline stylesheet of the HTML view: screen and print (A4, tables kept readable across
 * pages, headers repeated by the browser through <thead>). No web fonts, no url(): the page never
 * fetches anything.
 * @module
 */
export const HTML_STYLE = `
:root{color-scheme:light;--ink:#1a1a1a;--muted:#5a5a5a;--rule:#c8c8c8;--band:#f2f4f7;--accent:#1f4e79}
*{box-sizing:border-box}
body{margin:0;padding:24px;font:14px/1.45 "DejaVu Sans",Verdana,Arial,sans-serif;color:var(--ink);background:#fff}
main{max-width:1000px;margin:0 auto}
h1{font-size:22px;margin:0 0 16px;color:var(--accent)}
h2{font-size:18px;margin:28px 0 8px;padding-bottom:4px;border-bottom:2px solid var(--accent);color:var(--accent)}
h3{font-size:15px;margin:18px 0 6px}
section.l3{margin-left:0}
table{border-collapse:collapse;width:100%;margin:4px 0 10px}
caption{text-align:left;font-weight:bold;padding:4px 0;color:var(--muted)}
th,td{padding:3px 6px;vertical-align:top;text-align:left;border-bottom:1px solid var(--rule)}
thead th{background:var(--band);border-bottom:1px solid var(--muted)}
table.fields th{width:38%;font-weight:normal;color:var(--muted)}
td{white-space:pre-line;overflow-wrap:anywhere}
.num{text-align:right;white-space:nowrap}
.bt{font-size:10px;color:#8a8a8a;margin-left:4px;white-space:nowrap}
footer{margin-top:32px;font-size:11px;color:var(--muted)}
@page{size:A4;margin:15mm}
@media print{
  body{padding:0;font-size:10pt}
  h2,h3,caption{break-after:avoid}
  tr{break-inside:avoid}
  thead{display:table-header-group}
  .bt{display:none}
}
`
