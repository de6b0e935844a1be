import { attendanceDateOf, dayOpensAt } from './attendance-day';

const tz = 'Asia/Kolkata';
// 'YYYY-MM-DD HH:MM' on the Indian clock (UTC+05:30) as an instant.
const ist = (text: string) => new Date(`${text.replace(' ', 'T')}:00+05:30`);

describe('the attendance day of a punch', () => {
  const day = { start: '09:30', end: '18:30' };
  const night = { start: '22:00', end: '06:00' };

  it('opens a day shift at 02:00 and a night shift at 14:00', () => {
    expect(dayOpensAt(day)).toBe(2 * 60);
    expect(dayOpensAt(night)).toBe(14 * 60);
  });

  it('files a day shift by its calendar day, a punch after midnight on the day before', () => {
    expect(attendanceDateOf(ist('2026-11-10 09:12'), day, tz)).toBe('2026-11-10');
    expect(attendanceDateOf(ist('2026-11-10 23:50'), day, tz)).toBe('2026-11-10');
    expect(attendanceDateOf(ist('2026-11-11 01:30'), day, tz)).toBe('2026-11-10');
    expect(attendanceDateOf(ist('2026-11-11 02:00'), day, tz)).toBe('2026-11-11');
  });

  it('files a night shift 22:00-06:00 under the day it starts, with punches on two dates', () => {
    expect(attendanceDateOf(ist('2026-11-10 21:55'), night, tz)).toBe('2026-11-10');
    expect(attendanceDateOf(ist('2026-11-11 06:04'), night, tz)).toBe('2026-11-10');
    expect(attendanceDateOf(ist('2026-11-11 13:59'), night, tz)).toBe('2026-11-10');
    expect(attendanceDateOf(ist('2026-11-11 14:00'), night, tz)).toBe('2026-11-11');
  });
});
