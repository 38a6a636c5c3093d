/**
 * A stand-in for the part of `@angular/core` test/types/angular.ts uses, because Angular is not a dependency of
 * this project. Angular's template checker does not type custom elements' attributes or events (under
 * `CUSTOM_ELEMENTS_SCHEMA` they are any): what the typings give an Angular app is typed `$event` handlers and
 * `addEventListener` calls, which plain TypeScript checks.
 */
declare module '@angular/core' {
  export interface SchemaMetadata {
    name: string;
  }
  export const CUSTOM_ELEMENTS_SCHEMA: SchemaMetadata;
  export interface ComponentMetadata {
    selector: string;
    standalone?: boolean;
    schemas?: SchemaMetadata[];
    template: string;
  }
  export function Component(metadata: ComponentMetadata): <Class extends abstract new (...args: never[]) => unknown>(target: Class, context: ClassDecoratorContext<Class>) => void;
  export class ElementRef<Native = unknown> {
    nativeElement: Native;
  }
}
