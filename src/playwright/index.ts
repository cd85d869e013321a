/** stopline/playwright: the guarded page, the describe step, and finding Chromium. */
export { DescribeError, describeAction } from "../describe/describe-action.js";
export { captureLive } from "../firewall/live-capture.js";
export { locateChromium } from "./chromium-locator.js";
export {
  type GateEvent,
  type GuardedLocator,
  type GuardedPage,
  type GuardOptions,
  guard,
  StoppedByGate,
} from "./guard.js";
export { chromiumExecutable, launchChromium } from "./launch-chromium.js";
