/**
 * A React 19 component using the tags as an application would, type-checked by test/lib/typings.node.test.mjs
 * (`tsc -p test/types`). The `@ts-expect-error` lines are misuses the typings must refuse: if the typings stop
 * catching them, tsc reports the directive as unused and the test fails. (A misspelt hyphenated name, such as
 * `onloyalty-logn`, cannot be refused: TypeScript lets any undeclared hyphenated JSX attribute through.)
 */
import { useState } from 'react';
import type { LoyaltyEvent } from '../../types/loyalty-elements';

export function LoyaltyClub() {
  const [section, setSection] = useState('');
  const [member, setMember] = useState('');
  return (
    <div data-section={section} data-member={member}>
      <loyalty-icon className="loyalty-icon" data-notification-delay={2000} onloyalty-open={(event) => setSection(event.detail.section)} />
      <loyalty-tooltip data-target=".loyalty-icon" onloyalty-ready={(event) => setMember(String(event.detail.loggedIn))} />
      <loyalty-panel
        data-project-code="my-hotel"
        data-is-desktop="true"
        data-active-section="SIGNIN"
        data-facebook-sdk-version="v2.11"
        onloyalty-login={(event) => setMember(event.detail.userName)}
        onloyalty-section={(event: LoyaltyEvent<'loyalty-section'>) => setSection(event.detail.section)}
        onloyalty-fail={(event) => console.warn(event.detail.reason)}
      />
      <package-cart data-package-id="12" data-currency="USD" lang="en" />
      {/* @ts-expect-error: a boolean attribute takes text ("true"), not a boolean */}
      <loyalty-panel data-is-desktop={true} />
      {/* @ts-expect-error: not an auth section */}
      <loyalty-panel data-active-section="HOME" />
      <loyalty-panel
        // @ts-expect-error: loyalty-login's detail carries userName, not email
        onloyalty-login={(event) => setMember(event.detail.email)}
      />
    </div>
  );
}
