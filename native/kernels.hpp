// The kernels in plain C++ (no N-API types): the same steps, names and argument order as
// the TypeScript reference (src/reference/) and the AssemblyScript port (assembly/).
#pragma once
#include "kernels/evaluateQueries.hpp"
#include "kernels/prepareQueries.hpp"
