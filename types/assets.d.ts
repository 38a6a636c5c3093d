/** Stylesheets are imported as text and adopted into shadow roots as constructable stylesheets. */
declare module '*.css' {
  const css: string;
  export default css;
}
