// What a notice's SMS is made of: GSM text (160 a message, 153 a part) or UCS-2 (70, 67), split into parts never
// inside a character, and shortened at a word with an ellipsis when it needs more parts than the cap; and which
// mobile numbers are Bangladeshi, in the one form they are kept.
import { describe, expect, it } from 'vitest';
import { smsEncoding, smsText } from '../../server/library/sms-text.ts';
import { bangladeshMobile } from '../../shared/phone.ts';

describe('an SMS text', () => {
  it('is GSM for Latin text (the extension table counting two) and UCS-2 for Bangla', () => {
    expect(smsEncoding('Hello @ £ € {x}')).toBe('gsm');
    expect(smsEncoding('বই ফেরত দিন')).toBe('ucs2');
    expect(smsText('a'.repeat(160), 3)).toEqual({ encoding: 'gsm', parts: ['a'.repeat(160)], shortened: false });
    expect(smsText('€'.repeat(80), 3).parts).toHaveLength(1);
    expect(smsText('€'.repeat(81), 3).parts.map((p) => p.length)).toEqual([76, 5]);
  });

  it('writes curly quotes, dashes and the taka sign the GSM way when that keeps Latin text GSM', () => {
    expect(smsText('“Dune” – late fees ৳50 a day…', 3)).toMatchObject({
      encoding: 'gsm',
      parts: ['"Dune" - late fees Tk50 a day...'],
    });
    expect(smsText('“গীতাঞ্জলি” – ৳৫০', 3)).toMatchObject({ encoding: 'ucs2', parts: ['“গীতাঞ্জলি” – ৳৫০'] });
  });

  it('splits Bangla into parts of 67 UTF-16 units once it is over 70', () => {
    const text = 'ক'.repeat(70);
    expect(smsText(text, 3).parts).toEqual([text]);
    const longer = 'খ'.repeat(140);
    expect(smsText(longer, 3)).toEqual({
      encoding: 'ucs2',
      parts: ['খ'.repeat(67), 'খ'.repeat(67), 'খখখখখখ'],
      shortened: false,
    });
  });

  it('never splits a surrogate pair', () => {
    const parts = smsText(`${'ক'.repeat(66)}😀${'ক'.repeat(10)}`, 3).parts;
    expect(parts[0]).toBe('ক'.repeat(66));
    expect(parts[1]?.startsWith('😀')).toBe(true);
  });

  it('shortens a text over the cap at a word, with an ellipsis, within the cap', () => {
    const words = 'গল্পগুচ্ছ '.repeat(40).trim();
    const three = smsText(words, 3);
    expect(three.shortened).toBe(true);
    expect(three.parts).toHaveLength(3);
    const joined = three.parts.join('');
    expect(joined.endsWith('গল্পগুচ্ছ…')).toBe(true);
    expect(words.startsWith(joined.slice(0, -1))).toBe(true);
    const one = smsText(`${'word '.repeat(60)}end`, 1);
    expect(one).toMatchObject({ encoding: 'gsm', shortened: true });
    expect(one.parts).toHaveLength(1);
    expect(one.parts[0]).toMatch(/^(word ){30}word\.\.\.$/);
    expect(one.parts[0]!.length).toBeLessThanOrEqual(160);
  });
});

describe('a mobile number', () => {
  it('is kept as +8801XXXXXXXXX, typed locally or internationally, with separators or Bengali digits', () => {
    for (const typed of [
      '01711000000',
      '+8801711000000',
      '8801711000000',
      '01711-000 000',
      '(+880) 1711.000000',
      '০১৭১১০০০০০০',
    ])
      expect(bangladeshMobile(typed), typed).toBe('+8801711000000');
    for (const prefix of ['013', '014', '015', '016', '017', '018', '019'])
      expect(bangladeshMobile(`${prefix}12345678`)).toBe(`+88${prefix}12345678`);
  });

  it('is refused when it is not a Bangladeshi mobile number', () => {
    for (const typed of [
      '01211000000',
      '01011000000',
      '0171100000',
      '017110000001',
      '+447700900000',
      '+8811711000000',
      '02-9123456',
      'phone',
      '',
    ])
      expect(bangladeshMobile(typed), typed).toBeNull();
  });
});
