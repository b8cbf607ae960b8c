/**
 * The zh-CN bundle of a namespace must carry exactly the keys of its en-US bundle; typing it as
 * `Messages<typeof enUS>` makes a missing or extra key a compile error.
 */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
