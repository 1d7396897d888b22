// The async boundary Module Federation needs before shared modules are used (architecture §8).
void import('./standalone');
