/**
 * The widget's parts that load on demand (each `import()` of elements/ and src/), loaded with the test file that
 * imports this module: before its first test starts, under the test runner's start timeout, instead of inside a
 * test's 5 s wait for what the part shows.
 *
 * For the files whose first tests wait on several parts in a row and are not about loading them: on the gate's busy
 * machine (three browsers, load ~10; over 15 beside a build) a new page's first chunks (React, the panel, its
 * sections) took over 5 s, and the gate's first files failed their first test there ("Timeout: SIGNIN shown" in
 * guest-experience, "timed out waiting for the dropped-cart dialog" in xss), passing on the retry. The product's
 * own `import()` of a part then finds it loaded (one module per address). How parts load, fail and recover is
 * tested where that is the subject (test/hardening/lazy-recovery.test.tsx, test/components/recoverable-lazy.test.tsx,
 * test/e2e/first-paint.test.mjs), never with this module.
 */
import '../../src/components/react-part';
import '../../src/components/TranslatedRoot';
import '../../src/components/LoyaltyPanel';
import '../../src/components/auth/AuthPanel';
import '../../src/components/auth/SignInSuccessSection';
import '../../src/components/auth/SignUpSection';
import '../../src/components/auth/SocialConsentSection';
import '../../src/components/auth/PasswordRecoverySection';
import '../../src/components/auth/PasswordChangeSection';
import '../../src/components/social/SocialProviders';
import '../../src/components/notices/DroppedCartDialog';
import '../../src/components/cart/PackageCartView';
import '../../src/forms/ConsentCheckbox';
import '../../src/state/legal-documents';
import '../../src/core/element-wiring';
import '../../src/core/price';
import '../../src/core/notification';
import '../../src/core/tooltip';
