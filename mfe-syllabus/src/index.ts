// The async boundary Module Federation needs before shared modules are used (DESIGN §8).
void import('./standalone');
