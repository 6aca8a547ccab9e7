/**
 * The names a form may post, derived from its own `core/` schema (docs/requirements.md §14,
 * decision 004 amended 2026-11-28): a submitted name such as `lines[3].quantity` is walked along
 * the schema's shape before any form library reads it. A form library turns `currency[1000000000]` into an
 * array of a billion slots and walks it on the event loop, so a name is kept only when it matches
 * the shape: a text field takes no index, a list's index is below the list's own maximum, and an
 * object's keys are the schema's own. The same shape bounds a JSON body's arrays (json-bounds.ts).
 */
import type { z } from 'zod';

/**
 * What a schema accepts at one place. A union may accept several forms at once (a text or an
 * object), so each is a separate, optional part.
 */
export interface SchemaShape {
  /** A single value: a text, a number, a choice, a file. */
  value?: true;
  /** An object's own keys. */
  fields?: Map<string, SchemaShape>;
  /** A list: at most `max` items, each of `item`'s shape; `message` is the schema's own refusal. */
  list?: { max: number; item: SchemaShape; message?: string };
  /** An object with keys of its own choosing (a record): each value of this shape. */
  record?: SchemaShape;
}

/**
 * A list whose schema names no maximum: no form of ours posts more fields than this (the offer
 * composer's 50 lines of 4 and the rest), so no list of a form holds more items.
 */
export const UNBOUNDED_LIST_MAX = 400;

/** Deeper than any schema of ours; a recursive (lazy) schema stops here. */
const SHAPE_DEPTH_MAX = 12;

type AnyDef = { type: string } & Record<string, unknown>;

function defOf(schema: unknown): AnyDef {
  return (schema as { _zod: { def: AnyDef } })._zod.def;
}

/**
 * The smallest `max` (or `length`) check of a list, with the message the schema refuses a longer
 * one with; zod keeps a list's checks in its def.
 */
function maximumOf(def: AnyDef): { max: number; message?: string } | undefined {
  let maximum: { max: number; message?: string } | undefined;
  for (const check of (def.checks as { _zod: { def: AnyDef } }[] | undefined) ?? []) {
    const { check: kind, maximum: max, length, error } = check._zod.def;
    const bound = kind === 'max_length' ? max : kind === 'length_equals' ? length : undefined;
    if (typeof bound !== 'number' || (maximum && maximum.max <= bound)) continue;
    const message = typeof error === 'function' ? (error as (issue: object) => unknown)({}) : null;
    maximum = { max: bound, ...(typeof message === 'string' ? { message } : {}) };
  }
  return maximum;
}

function merge(into: SchemaShape, from: SchemaShape): SchemaShape {
  if (from.value) into.value = true;
  if (from.fields) {
    into.fields ??= new Map();
    for (const [key, shape] of from.fields) {
      const existing = into.fields.get(key);
      into.fields.set(key, existing ? merge({ ...existing }, shape) : shape);
    }
  }
  if (from.list) {
    into.list = into.list
      ? {
          max: Math.max(into.list.max, from.list.max),
          item: merge({ ...into.list.item }, from.list.item),
        }
      : from.list;
  }
  if (from.record) into.record = into.record ? merge({ ...into.record }, from.record) : from.record;
  return into;
}

/** The shape a zod schema accepts, looking through optional, default, pipes and unions. */
export function schemaShapeOf(schema: z.core.$ZodType, depth = 0): SchemaShape {
  if (depth > SHAPE_DEPTH_MAX) return { value: true };
  const def = defOf(schema);
  const inner = (next: unknown) => schemaShapeOf(next as z.core.$ZodType, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      return {
        fields: new Map(Object.entries(shape).map(([key, field]) => [key, inner(field)])),
      };
    }
    case 'array': {
      const item = inner(def.element);
      const declared = maximumOf(def);
      // A checkbox group of a fixed choice posts at most one value per option.
      const element = defOf(def.element);
      const options =
        element.type === 'enum' ? Object.keys(element.entries as object).length : undefined;
      return {
        list: declared ? { ...declared, item } : { max: options ?? UNBOUNDED_LIST_MAX, item },
      };
    }
    case 'tuple':
      return {
        list: {
          max: (def.items as unknown[]).length,
          item: (def.items as unknown[]).reduce<SchemaShape>(
            (shape, item) => merge(shape, inner(item)),
            {},
          ),
        },
      };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
      return inner(def.innerType);
    case 'pipe': {
      // `z.preprocess(fn, schema)` is a pipe from a transform: the shape is the schema's.
      const input = defOf(def.in);
      return input.type === 'transform' ? inner(def.out) : inner(def.in);
    }
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'union':
      return (def.options as unknown[]).reduce<SchemaShape>(
        (shape, option) => merge(shape, inner(option)),
        {},
      );
    case 'intersection':
      return merge(merge({}, inner(def.left)), inner(def.right));
    case 'record':
      return { record: inner(def.valueType) };
    default:
      return { value: true };
  }
}

/** One step of a submitted name: an object's key or a list's index. */
type NameStep = { key: string } | { index: string };

/** `lines[0].quantity` → lines, [0], quantity; null when the name is not one a form builds. */
export function nameSteps(name: string): NameStep[] | null {
  const steps: NameStep[] = [];
  const root = /^[^.[\]]+/.exec(name);
  if (!root) return null;
  steps.push({ key: root[0] });
  let rest = name.slice(root[0].length);
  while (rest.length > 0) {
    const step = /^(?:\.([^.[\]]+)|\[(\d+)\])/.exec(rest);
    if (!step) return null;
    steps.push(step[1] !== undefined ? { key: step[1] } : { index: step[2]! });
    rest = rest.slice(step[0].length);
  }
  return steps;
}

/**
 * What a form does with a submitted name: `kept` when it matches the form's shape, `ignored` when
 * its root is no field of the form (the intent, a honeypot; never read), `refused` otherwise.
 */
export type FieldNameVerdict = 'kept' | 'ignored' | 'refused';

export function fieldNameVerdict(name: string, form: SchemaShape): FieldNameVerdict {
  const steps = nameSteps(name);
  const rootName = steps?.[0] && 'key' in steps[0] ? steps[0].key : /^[^.[]*/.exec(name)![0];
  if (!form.fields?.has(rootName)) return 'ignored';
  if (!steps) return 'refused';
  let shape: SchemaShape | undefined = form.fields.get(rootName);
  for (const step of steps.slice(1)) {
    if (!shape) return 'refused';
    if ('index' in step) {
      // Compared as text first: `[99999999999999999999]` is no number to trust.
      if (!shape.list || step.index.length > 6 || Number(step.index) >= shape.list.max) {
        return 'refused';
      }
      shape = shape.list.item;
    } else {
      shape = shape.fields?.has(step.key) ? shape.fields.get(step.key) : shape.record;
    }
  }
  if (!shape) return 'refused';
  // A name ends at a value, or at a checkbox group's list (one value per ticked box).
  return shape.value || shape.list?.item.value ? 'kept' : 'refused';
}

const shapes = new WeakMap<z.core.$ZodType, SchemaShape>();

/** The form's shape, worked out once per schema. */
export function formShapeOf(schema: z.core.$ZodType): SchemaShape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = schemaShapeOf(schema);
    shapes.set(schema, shape);
  }
  return shape;
}

/** The first submitted name the form refuses, or null when every name is kept or ignored. */
export function refusedFieldName(names: Iterable<string>, schema: z.core.$ZodType): string | null {
  const form = formShapeOf(schema);
  for (const name of names) {
    if (fieldNameVerdict(name, form) === 'refused') return name;
  }
  return null;
}
