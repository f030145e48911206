import { afterEach, describe, expect, it } from 'vitest';
import bangla from '../messages/bn.json' with { type: 'json' };
import english from '../messages/en.json' with { type: 'json' };
import { applyCatalogue } from './i18n.ts';
import { unreachedText, unreachedTitle } from './uncertain-write.ts';

describe('the question after a change got no answer', () => {
  afterEach(() => {
    applyCatalogue('en', english);
  });

  it('names the change in English as before', () => {
    applyCatalogue('en', english);
    expect(unreachedTitle()).toBe('Could Not Reach the Library');
    expect(unreachedText('borrow')).toBe(
      "We could not reach the library, so we don't know whether your borrow went through.",
    );
  });

  it('names the change in Bangla, the action word included', () => {
    applyCatalogue('bn', bangla);
    expect(unreachedTitle()).toBe('লাইব্রেরির সঙ্গে যোগাযোগ করা যায়নি');
    expect(unreachedText('renewal')).toContain('মেয়াদ বাড়ানো');
    expect(unreachedText('cancellation')).not.toMatch(/[A-Za-z]/);
  });
});
