import './zod-jitless';
import { z } from 'zod';

it("sets zod's jitless option before zod loads, so no schema compiles with new Function", () => {
  expect(z.config().jitless).toBe(true);
});
