// jsdom lacks these; react-router 7 needs them (architecture §8).
import { TextDecoder, TextEncoder } from 'node:util';
import '@testing-library/jest-dom/jest-globals';

Object.assign(globalThis, { TextEncoder, TextDecoder });
