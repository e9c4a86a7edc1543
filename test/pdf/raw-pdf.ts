/** Hand-built PDFs for tests of damaged and hostile input: bytes exactly as written, no library in between. */

/** A PDF of these object bodies (numbered from 1) with a correct xref table; object 1 is the root. */
export function buildPdf(objects: readonly (string | Uint8Array)[], trailerExtra = ''): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  const offsets: number[] = []
  let length = parts[0]!.length
  objects.forEach((body, i) => {
    offsets.push(length)
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')])
    parts.push(chunk)
    length += chunk.length
  })
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n')
  parts.push(Buffer.from(`${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`))
  return new Uint8Array(Buffer.concat(parts))
}

/** A stream object body: `dict` is the dictionary's inside, /Length is added. */
export function stream(dict: string, data: Uint8Array): Uint8Array {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')])
}

/** Catalog, page tree and one page per content stream given (objects 1, 2, then page and content pairs). */
export function pagesPdf(contents: readonly Uint8Array[]): Uint8Array {
  const kids = contents.map((_, i) => `${3 + 2 * i} 0 R`).join(' ')
  const objects: (string | Uint8Array)[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${contents.length} >>`]
  contents.forEach((content, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + 2 * i} 0 R /Resources << >> >>`)
    objects.push(content)
  })
  return buildPdf(objects)
}
