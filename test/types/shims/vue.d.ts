/**
 * A stand-in for the two declarations of `vue` that types/vue.d.ts uses, because vue is not a dependency of this
 * project: `GlobalComponents` (@vue/runtime-core) and `HTMLAttributes` (@vue/runtime-dom), same names, reduced
 * shapes. An ambient module, so it also serves the main type-check (`tsc -p .` includes test/). Delete it if vue
 * becomes a devDependency: it would hide the real declarations.
 */
declare module 'vue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by types/vue.d.ts, as Vue's own is
  export interface GlobalComponents {}

  export interface HTMLAttributes {
    id?: string;
    class?: unknown;
    style?: unknown;
    lang?: string;
    title?: string;
    hidden?: boolean | 'true' | 'false';
    onClick?: (event: MouseEvent) => void;
  }
}
