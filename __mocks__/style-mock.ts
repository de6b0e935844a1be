/** Stylesheets mean nothing to jsdom; component tests import this instead. */
export default {};
