// Code without loops: the plugin reports nothing and leaves the object code
// byte for byte as it is without the plugin.
//
// RUN: %clang -O3 -g -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise -Rpass-analysis=raise -c %s -o %t.raise.o 2>&1 | count 0
// RUN: %clang -O3 -g -c %s -o %t.plain.o
// RUN: cmp %t.plain.o %t.raise.o

struct point { double x, y; };

double dot(struct point a, struct point b) { return a.x * b.x + a.y * b.y; }

int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
