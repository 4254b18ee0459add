// carcref: reads the arguments and hands over (STYLE.md).
#include "cli/app.h"

int main(int argc, char** argv) { return carcref::RunMain(argc, argv); }
