/**
 * An Angular component using `<loyalty-panel>`. Angular's template checker treats custom elements' attributes and
 * events as `any` under `CUSTOM_ELEMENTS_SCHEMA`; the typings make the handler's `$event` and any
 * `addEventListener` typed. `@angular/core` resolves to test/types/shims/angular-core.d.ts (Angular is not
 * installed). The `@ts-expect-error` line is a misuse the typings must refuse.
 */
import { Component, CUSTOM_ELEMENTS_SCHEMA, ElementRef } from '@angular/core';
import type { LoyaltyEvent } from '../../types/loyalty-elements';

@Component({
  selector: 'app-loyalty-club',
  standalone: true,
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `<loyalty-panel data-project-code="my-hotel" (loyalty-login)="onLogin($event)"></loyalty-panel>`,
})
export class LoyaltyClubComponent {
  userName = '';
  section = '';

  constructor(private readonly host: ElementRef<HTMLElement>) {}

  onLogin(event: LoyaltyEvent<'loyalty-login'>): void {
    this.userName = event.detail.userName;
  }

  listen(): void {
    const panel = this.host.nativeElement.querySelector('loyalty-panel');
    panel?.addEventListener('loyalty-section', (event) => {
      this.section = event.detail.section;
    });
    document.addEventListener('userLoginSuccess', (event) => {
      this.userName = event.detail.userName;
    });
    panel?.addEventListener('loyalty-ready', (event) => {
      // @ts-expect-error: loyalty-ready's detail carries loggedIn, not userName
      this.userName = event.detail.userName;
    });
  }
}
