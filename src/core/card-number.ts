/** Digits of a value that looks like a card number: 13–19 digits, optionally grouped by spaces or dashes. */
const CARD_SHAPE = /(?<![\d])(?:\d[ -]?){12,18}\d(?![\d])/g;

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index--) {
    let digit = digits.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return false;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** True when the value holds a run of 13–19 digits that passes the Luhn check. */
export function containsCardNumber(value: string): boolean {
  for (const match of value.matchAll(CARD_SHAPE)) {
    const digits = match[0].replace(/[ -]/g, "");
    if (digits.length >= 13 && digits.length <= 19 && !/^(\d)\1+$/.test(digits) && passesLuhn(digits))
      return true;
  }
  return false;
}
