// jsonc-parser's syntax errors in words: its names ("InvalidSymbol", "CommaExpected") are an API's,
// and they reached people in problem lists and the call editor as they were.
import { printParseErrorCode, type ParseErrorCode } from 'jsonc-parser';

const WORDS: Record<ReturnType<typeof printParseErrorCode>, string> = {
  InvalidSymbol: 'a character that cannot start a value here (strings take double quotes)',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name in double quotes expected',
  ValueExpected: 'a value expected',
  ColonExpected: "':' expected after the property name",
  CommaExpected: "',' expected between two entries",
  CloseBraceExpected: "'}' expected",
  CloseBracketExpected: "']' expected",
  EndOfFileExpected: 'more text after the end of the JSON value',
  InvalidCommentToken: 'a comment (JSON has none)',
  UnexpectedEndOfComment: 'a comment that does not end',
  UnexpectedEndOfString: 'a string that does not end (a closing double quote missing)',
  UnexpectedEndOfNumber: 'a number that does not end',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'a backslash before a character that cannot be escaped',
  InvalidCharacter: 'a control character (a tab or line break) inside a string',
  '<unknown ParseErrorCode>': 'a syntax error',
};

/** A syntax error as a person reads it. */
export function syntaxErrorWords(code: ParseErrorCode): string {
  return WORDS[printParseErrorCode(code)];
}
