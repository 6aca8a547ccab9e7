import { describe, expect, it } from 'vitest';
import {
  activityFieldLabel,
  activityQuerySchema,
  changedFields,
  COMMAND_LINE_PERSON,
  shopDayRange,
} from './activity';
import { parseRouteQuery } from '../forms/route-query';

const query = (params: string) => parseRouteQuery(activityQuerySchema, new URLSearchParams(params));

describe('changedFields', () => {
  it('lists only the fields whose value differs, as text', () => {
    expect(
      changedFields(
        { status: 'pending', paymentStatus: null, total: 100, published: true },
        { status: 'confirmed', paymentStatus: 'paid', total: 100, published: false },
      ),
    ).toEqual([
      { field: 'status', before: 'pending', after: 'confirmed' },
      { field: 'paymentStatus', before: null, after: 'paid' },
      { field: 'published', before: 'true', after: 'false' },
    ]);
  });

  it('counts a made or removed row as every field from or to nothing', () => {
    expect(changedFields(null, { name: 'Urli' })).toEqual([
      { field: 'name', before: null, after: 'Urli' },
    ]);
    expect(changedFields({ name: 'Urli' }, null)).toEqual([
      { field: 'name', before: 'Urli', after: null },
    ]);
  });
});

describe('activityFieldLabel', () => {
  it('reads a recorded field name as the owner would', () => {
    expect(activityFieldLabel('status')).toBe('Status');
    expect(activityFieldLabel('paymentStatus')).toBe('Payment status');
    expect(activityFieldLabel('gstRate')).toBe('GST rate');
    expect(activityFieldLabel('mediaUrl')).toBe('Media URL');
    expect(activityFieldLabel('adminRole')).toBe('Admin role');
  });
});

describe('activityQuerySchema', () => {
  it('reads the person, kind, shop days and page', () => {
    expect(query('person=user-1&kind=order.status&from=2026-11-01&to=2026-11-30&page=3')).toEqual({
      person: 'user-1',
      kind: 'order.status',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 3,
    });
    expect(query(`person=${COMMAND_LINE_PERSON}`).person).toBe(COMMAND_LINE_PERSON);
  });

  it('falls back on anything else instead of failing', () => {
    expect(query('person=&kind=drop table&from=2026-02-30&to=24/11/2026&page=-1')).toEqual({
      person: null,
      kind: null,
      from: null,
      to: null,
      page: 1,
    });
    expect(query(`page=1e308&person=${'x'.repeat(500)}`)).toMatchObject({ page: 10_000 });
    expect(query(`person=${'x'.repeat(500)}`).person).toHaveLength(100);
  });
});

describe('shopDayRange', () => {
  it("covers whole days of the shop's time zone", () => {
    const day = { from: '2026-11-24', to: '2026-11-24' };
    expect(shopDayRange(day, 'Asia/Kolkata')).toEqual({
      start: new Date('2026-11-23T18:30:00Z'),
      end: new Date('2026-11-24T18:30:00Z'),
    });
    expect(shopDayRange(day, 'America/Toronto')).toEqual({
      start: new Date('2026-11-24T05:00:00Z'),
      end: new Date('2026-11-25T05:00:00Z'),
    });
    expect(shopDayRange({ from: null, to: null }, 'Asia/Kolkata')).toEqual({
      start: null,
      end: null,
    });
  });
});
