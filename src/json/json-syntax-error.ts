/**
 * Finds where JSON text goes wrong, for error messages (V8's own messages do not always carry a
 * position). Runs only after JSON.parse has failed, so it favours clarity over speed.
 * @module
 */

export type JsonSyntaxProblem = { offset: number; reason: string }

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings
const STRING_CHAR = /[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y

export function findJsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  let i = 0
  const fail = (reason: string): never => {
    throw { offset: i, reason } satisfies JsonSyntaxProblem
  }
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++
  }
  const describe = () => (i >= text.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(text[i])}`)
  const string = () => {
    i++ // opening quote
    for (;;) {
      if (i >= text.length) fail('unterminated string')
      if (text[i] === '"') {
        i++
        return
      }
      STRING_CHAR.lastIndex = i
      const m = STRING_CHAR.exec(text)
      if (!m) fail(text[i] === '\\' ? 'invalid escape in string' : 'control character in string')
      i += (m as RegExpExecArray)[0].length
    }
  }
  const value = (depth: number): void => {
    if (depth > 512) fail('nesting too deep')
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      ws()
      if (text[i] === '}') {
        i++
        return
      }
      for (;;) {
        ws()
        if (text[i] !== '"') fail(`${describe()}, expected a property name in double quotes`)
        string()
        ws()
        if (text[i] !== ':') fail(`${describe()}, expected ':' after the property name`)
        i++
        value(depth + 1)
        ws()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === '}') {
          i++
          return
        }
        fail(`${describe()}, expected ',' or '}'`)
      }
    }
    if (c === '[') {
      i++
      ws()
      if (text[i] === ']') {
        i++
        return
      }
      for (;;) {
        value(depth + 1)
        ws()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === ']') {
          i++
          return
        }
        fail(`${describe()}, expected ',' or ']'`)
      }
    }
    if (c === '"') return string()
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length
        return
      }
    }
    NUMBER.lastIndex = i
    const m = NUMBER.exec(text)
    if (m && m[0].length > 0) {
      i += m[0].length
      return
    }
    fail(`${describe()}, expected a value`)
  }
  try {
    value(0)
    ws()
    if (i < text.length) fail(`${describe()} after the end of the JSON value`)
  } catch (problem) {
    return problem as JsonSyntaxProblem
  }
  return undefined
}
