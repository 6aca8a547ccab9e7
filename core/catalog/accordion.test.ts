import { describe, expect, it } from 'vitest';
import { nextOpenItem } from './accordion';

describe('the one-open accordion', () => {
  it('opens the clicked item and closes any other', () => {
    expect(nextOpenItem(null, 2)).toBe(2);
    expect(nextOpenItem(2, 5)).toBe(5);
  });

  it('closes the open item when it is clicked again', () => {
    expect(nextOpenItem(5, 5)).toBeNull();
  });
});
