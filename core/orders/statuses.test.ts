import { describe, expect, it } from 'vitest';
import { activityActorKinds, activityKinds } from '../admin/activity';
import { offerStatuses } from '../quotes/quote-offer';
import * as statuses from './statuses';

// docs/decisions/019: each list is a column's check constraint, its type and the console's choices (one
// button or option per value), so a value listed twice would show twice.
const lists = {
  ...Object.fromEntries(
    Object.entries(statuses).filter(
      (entry: [string, unknown]): entry is [string, readonly string[]] => Array.isArray(entry[1]),
    ),
  ),
  offerStatuses,
  activityKinds,
  activityActorKinds,
};

describe('status lists', () => {
  it.each(Object.entries(lists))('%s lists each value once', (_name, list) => {
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list).size).toBe(list.length);
  });
});
