/**
 * Re-indents JSON text token by token, without parsing values, so exact number literals survive.
 * @module
 */

export function prettyJson(text: string, indent = '  '): string {
  let out = ''
  let depth = 0
  let i = 0
  const n = text.length
  const newline = () => '\n' + indent.repeat(depth)
  while (i < n) {
    const c = text[i] as string
    if (c === '"') {
      let j = i + 1
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      out += text.slice(i, j + 1)
      i = j + 1
      continue
    }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']'
      let j = i + 1
      while (j < n && /\s/.test(text[j] as string)) j++
      if (text[j] === close) {
        out += c + close
        i = j + 1
        continue
      }
      depth++
      out += c + newline()
    } else if (c === '}' || c === ']') {
      depth--
      out += newline() + c
    } else if (c === ',') {
      out += ',' + newline()
    } else if (c === ':') {
      out += ': '
    } else if (!/\s/.test(c)) {
      out += c
    }
    i++
  }
  return out
}
