/**
 * A small five-field cron validity check (minute hour day-of-month month day-of-week), enough to
 * catch typos in the expressions the bot pages show. It accepts what the server's validator
 * accepts for these fields: *, numbers in range, a-b ranges, step values and comma lists.
 */
const RANGES: [number, number][] = [
  [0, 59], // minute
  [0, 23], // hour
  [1, 31], // day of month
  [1, 12], // month
  [0, 7], // day of week (0 and 7 are both Sunday)
];

function validPart(part: string, [min, max]: [number, number]): boolean {
  const [base, step] = part.split('/');
  if (step !== undefined && !/^\d+$/.test(step)) {
    return false;
  }
  if (step !== undefined && Number(step) === 0) {
    return false;
  }
  if (base === '*') {
    return true;
  }
  const bounds = base.split('-');
  if (bounds.length > 2 || bounds.some((b) => !/^\d+$/.test(b))) {
    return false;
  }
  const nums = bounds.map(Number);
  return nums.every((n) => n >= min && n <= max) && (nums.length === 1 || nums[0] <= nums[1]);
}

export function isValidFiveFieldCron(expression: string): boolean {
  const fields = expression.trim().split(/\s+/);
  return (
    fields.length === 5 && fields.every((field, i) => field.split(',').every((part) => validPart(part, RANGES[i])))
  );
}
