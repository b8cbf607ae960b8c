import { describe, expect, it } from 'vitest';
import { checkFormAnswers, defaultFormFields } from './form.js';
import {
  describeFormError,
  formItemsSchema,
  routeOfAnswers,
  validateFormAnswers,
  visibleItemKeys,
  type FormItem,
} from './form-rules.js';

const item = (key: string, type: FormItem['type'], extra: Partial<FormItem> = {}): FormItem => ({
  key,
  label: key,
  type,
  required: false,
  options: [],
  ...extra,
});

describe('validateFormAnswers', () => {
  it('checks required, lengths, counts, ranges and formats, naming each item', () => {
    const items = [
      item('name', 'text', { required: true, min: 2, max: 5 }),
      item('mail', 'email'),
      item('phone', 'mobile'),
      item('count', 'number', { min: 1, max: 9 }),
      item('pick', 'checkbox', { options: ['a', 'b', 'c'], min: 2 }),
      item('when', 'date'),
      item('stars', 'rating', { max: 5 }),
      item('nps', 'nps'),
      item('plan', 'radio', { options: ['Free', 'Pro'] }),
    ];
    const { errors } = validateFormAnswers(items, {
      name: 'A',
      mail: 'nope',
      phone: 'call me',
      count: '10',
      pick: ['a'],
      when: '2026-02-30',
      stars: '6',
      nps: '11',
      plan: 'Gold',
    });
    expect(errors.map((error) => [error.key, error.code])).toEqual([
      ['name', 'tooShort'],
      ['mail', 'email'],
      ['phone', 'phone'],
      ['count', 'tooLarge'],
      ['pick', 'tooFew'],
      ['when', 'date'],
      ['stars', 'rating'],
      ['nps', 'rating'],
      ['plan', 'option'],
    ]);
    expect(validateFormAnswers(items, {}).errors).toEqual([{ key: 'name', code: 'required' }]);
  });

  it('cleans good answers: trimmed text, checkbox options in their order, scores as numbers', () => {
    const items = [
      item('name', 'textarea'),
      item('pick', 'checkbox', { options: ['a', 'b', 'c'] }),
      item('nps', 'nps'),
      item('empty', 'text'),
      item('part', 'section'),
    ];
    expect(
      validateFormAnswers(items, { name: ' Hi ', pick: ['c', 'a', 'c'], nps: '07', empty: '  ', extra: 'x' }),
    ).toEqual({ values: { name: 'Hi', pick: ['a', 'c'], nps: '7' }, errors: [] });
  });

  it('applies a pattern with its own message, in either language', () => {
    const items = [item('code', 'text', { pattern: '^[A-Z]{3}$', patternMessage: 'Three capitals' })];
    const { errors } = validateFormAnswers(items, { code: 'abc' });
    expect(errors).toEqual([{ key: 'code', code: 'pattern', params: { message: 'Three capitals' } }]);
    expect(describeFormError(errors[0]!, 'zh-CN')).toBe('Three capitals');
    expect(validateFormAnswers(items, { code: 'ABC' }).errors).toEqual([]);
    expect(describeFormError({ key: 'x', code: 'tooShort', params: { min: 3 } }, 'zh-CN')).toBe(
      '至少 3 个字',
    );
    expect(describeFormError({ key: 'x', code: 'tooShort', params: { min: 3 } }, 'en-US')).toBe(
      'must be at least 3 characters',
    );
  });

  it('drops hidden items: not required, their answers not kept; a hidden section hides its items', () => {
    const items = [
      item('buyer', 'radio', { options: ['yes', 'no'], required: true }),
      item('why', 'text', { required: true, showIf: { key: 'buyer', values: ['no'] } }),
      item('more', 'section', { showIf: { key: 'buyer', values: ['yes'] } }),
      item('product', 'text', { required: true }),
      item('end', 'section'),
      item('note', 'text'),
    ];
    expect(validateFormAnswers(items, { buyer: 'yes', why: 'secret', product: 'Pro', note: 'n' })).toEqual({
      values: { buyer: 'yes', product: 'Pro', note: 'n' },
      errors: [],
    });
    expect(validateFormAnswers(items, { buyer: 'no', product: 'Pro' })).toEqual({
      values: { buyer: 'no' },
      errors: [{ key: 'why', code: 'required' }],
    });
    expect([...visibleItemKeys(items, {})]).toEqual(['buyer', 'end', 'note']);
  });

  it('shows a condition on a checkbox when any chosen option matches', () => {
    const items = [
      item('pick', 'checkbox', { options: ['a', 'b'] }),
      item('more', 'text', { required: true, showIf: { key: 'pick', values: ['b'] } }),
    ];
    expect(validateFormAnswers(items, { pick: ['a', 'b'] }).errors).toEqual([
      { key: 'more', code: 'required' },
    ]);
    expect(validateFormAnswers(items, { pick: ['a'] }).errors).toEqual([]);
  });
});

describe('checkFormAnswers (pre-chat form)', () => {
  it('keeps its answers and messages', () => {
    expect(checkFormAnswers(defaultFormFields, { name: 'Ann', mobile: 'x' })).toEqual({
      values: { name: 'Ann' },
      answers: [{ key: 'name', label: '', value: 'Ann' }],
      errors: [{ field: 'form.mobile', message: 'must be a phone number' }],
    });
    const age = [{ key: 'age', label: '', type: 'number' as const, required: false, options: [] }];
    expect(checkFormAnswers(age, { age: '200' }).errors).toEqual([
      { field: 'form.age', message: 'must be a whole number from 0 to 150' },
    ]);
  });
});

describe('formItemsSchema', () => {
  it('refuses duplicate keys, missing options, conditions on later or unknown items, unsafe patterns', () => {
    const result = formItemsSchema.safeParse([
      item('a', 'radio'),
      item('a', 'text', { showIf: { key: 'later', values: ['x'] } }),
      item('b', 'text', { pattern: '(a+)+' }),
      item('c', 'text', { min: 5, max: 2 }),
      item('d', 'rating', { max: 20 }),
      item('e', 'select', { options: ['x'] }),
      item('f', 'text', { showIf: { key: 'e', values: ['y'] } }),
      item('later', 'radio', { options: ['x'] }),
    ]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      '0.options',
      '1.key',
      '1.showIf.key',
      '2.pattern',
      '3.max',
      '4.max',
      '6.showIf.values',
    ]);
  });
});

describe('routes (pre-chat: an option puts the visitor through to a skill group)', () => {
  const items = [
    item('topic', 'radio', { options: ['Sales', 'Billing', 'Other'], routes: { Billing: 'w-billing' } }),
    item('plan', 'select', {
      options: ['Free', 'Pro'],
      routes: { Pro: 'w-pro' },
      showIf: { key: 'topic', values: ['Sales'] },
    }),
  ];

  it('routes by the first shown item whose answer has a route', () => {
    expect(routeOfAnswers(items, { topic: 'Billing' })).toBe('w-billing');
    expect(routeOfAnswers(items, { topic: 'Sales', plan: 'Pro' })).toBe('w-pro');
    expect(routeOfAnswers(items, { topic: 'Sales', plan: 'Free' })).toBeNull();
    // A hidden item's answer never routes.
    expect(routeOfAnswers(items, { topic: 'Other', plan: 'Pro' })).toBeNull();
  });

  it('allows routes only on select and radio items, for their own options', () => {
    const result = formItemsSchema.safeParse([
      item('a', 'checkbox', { options: ['x'], routes: { x: 'w1' } }),
      item('b', 'radio', { options: ['x'], routes: { y: 'w1' } }),
      item('c', 'select', { options: ['x'], routes: { x: 'w1' } }),
    ]);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['0.routes', '1.routes']);
  });
});

describe('checkFormAnswers (pre-chat) with builder items', () => {
  it('keeps checked values, words ticked options as text and names errors form.<key>', () => {
    const items = [
      item('reach', 'checkbox', { options: ['Email', 'Phone'] }),
      item('why', 'text', { required: true, showIf: { key: 'reach', values: ['Phone'] } }),
    ];
    expect(checkFormAnswers(items, { reach: ['Phone', 'Email'] }, 'zh-CN').errors).toEqual([
      { field: 'form.why', message: '必填' },
    ]);
    const done = checkFormAnswers(items, { reach: ['Phone', 'Email'], why: ' Busy ' });
    expect(done.values).toEqual({ reach: ['Email', 'Phone'], why: 'Busy' });
    expect(done.answers).toEqual([
      { key: 'reach', label: 'reach', value: 'Email; Phone' },
      { key: 'why', label: 'why', value: 'Busy' },
    ]);
  });
});
