import { csvField, csvText, UTF8_BOM } from './csv-text';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['Rao, Asha', '"Rao, Asha"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', 'two lines'],
    ['\t=1', '" =1"'],
    [' padded', '" padded"'],
    ['Zoë', 'Zoë'],
  ])('%j -> %j', (value, expected) => expect(csvField(value)).toBe(expected));

  it.each(['=HYPERLINK("http://x")', '+1', '-1', '@SUM(A1)'])('guards the formula %j with a quote', (value) => {
    const field = csvField(value);
    // The quote goes first; the CSV quoting (for commas and quotes) wraps the guarded text.
    expect(field.replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('keeps numbers as numbers and leaves nothing for null', () => {
    expect(csvField(85000.5)).toBe('85000.5');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });
});

describe('csvText', () => {
  it('starts with the UTF-8 BOM and ends every line with CRLF', () => {
    expect(csvText(['A', 'B'], [['1', 2], ['=x', null]])).toBe(`${UTF8_BOM}A,B\r\n1,2\r\n'=x,\r\n`);
  });
});
